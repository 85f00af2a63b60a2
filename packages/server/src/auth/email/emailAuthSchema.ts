import { z } from 'zod'
import {
  emailSchema,
  expirationSecondsSchema,
  multiFactorsSchema,
  targetPublicKeySchema,
} from '../../signin/signerSchemas.js'

/** `/signer/v1/auth`: sign-in of an existing user by email. */
export const emailAuthSchema = z.object({
  email: emailSchema,
  /** Deprecated in the SDK; the app's email mode decides. */
  emailMode: z.enum(['magicLink', 'otp']).optional(),
  targetPublicKey: targetPublicKeySchema,
  expirationSeconds: expirationSecondsSchema,
  redirectParams: z.string().max(2048).optional(),
  multiFactors: multiFactorsSchema,
})
