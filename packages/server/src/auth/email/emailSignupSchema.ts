import { z } from 'zod'
import { emailSchema, expirationSecondsSchema, targetPublicKeySchema } from '../../signin/signerSchemas.js'

/** `/signer/v1/signup` by email. */
export const emailSignupSchema = z.object({
  email: emailSchema,
  emailMode: z.enum(['magicLink', 'otp']).optional(),
  targetPublicKey: targetPublicKeySchema,
  expirationSeconds: expirationSecondsSchema,
  redirectParams: z.string().max(2048).optional(),
})
