import { z } from 'zod'
import { authenticatorParamsSchema } from '../../kms/credentials/authenticatorSchemas.js'
import { emailSchema } from '../../signin/signerSchemas.js'

/** `/signer/v1/signup` with a passkey: `{passkey: {challenge, attestation}, email?}`. */
export const passkeySignupSchema = z.object({
  passkey: authenticatorParamsSchema.pick({ challenge: true, attestation: true }),
  email: emailSchema.optional(),
})
