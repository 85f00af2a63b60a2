import { z } from 'zod'
import {
  expirationSecondsSchema,
  multiFactorsSchema,
  targetPublicKeySchema,
} from '../../signin/signerSchemas.js'

/** `/signer/v1/auth-jwt` (Account Kit's `JwtParams`, plus Sigil's `multiFactors`). */
export const jwtAuthSchema = z.object({
  jwt: z
    .string()
    .max(16_384, 'jwt must be at most 16384 characters')
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/, 'jwt must be a compact JWT'),
  targetPublicKey: targetPublicKeySchema,
  authProvider: z.string().max(128).optional(),
  expirationSeconds: expirationSecondsSchema,
  multiFactors: multiFactorsSchema,
})
