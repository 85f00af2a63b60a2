import { z } from 'zod'
import { phoneSchema, targetPublicKeySchema } from '../../signin/signerSchemas.js'

/** `/signer/v1/auth` and `/signer/v1/signup` with a phone number (`SmsAuthParams` of Account Kit). */
export const smsStartSchema = z.object({
  phone: phoneSchema,
  targetPublicKey: targetPublicKeySchema,
})
