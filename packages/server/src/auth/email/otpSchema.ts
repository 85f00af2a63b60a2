import { z } from 'zod'
import {
  expirationSecondsSchema,
  multiFactorsSchema,
  targetPublicKeySchema,
} from '../../signin/signerSchemas.js'

/**
 * `/signer/v1/otp`. `otpCode` is any short string: a malformed code is a wrong code (`invalid OTP
 * code`, counted as an attempt), not a validation error the stock UI would not recognise.
 */
export const otpSchema = z.object({
  orgId: z.string().min(1).max(128),
  otpId: z.string().min(1).max(128),
  otpCode: z.string().trim().max(64),
  targetPublicKey: targetPublicKeySchema,
  expirationSeconds: expirationSecondsSchema,
  multiFactors: multiFactorsSchema,
})
