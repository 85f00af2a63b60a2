import { z } from 'zod'

const base64url = z
  .string()
  .min(1)
  .max(65_536)
  .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url')

/** `v1AuthenticatorParamsV2`. */
export const authenticatorParamsSchema = z.object({
  authenticatorName: z.string().min(1, 'authenticatorName is required').max(256),
  challenge: z.string().min(1).max(1024),
  attestation: z.object({
    credentialId: base64url,
    clientDataJson: base64url,
    attestationObject: base64url,
    transports: z
      .array(
        z.enum([
          'AUTHENTICATOR_TRANSPORT_BLE',
          'AUTHENTICATOR_TRANSPORT_INTERNAL',
          'AUTHENTICATOR_TRANSPORT_NFC',
          'AUTHENTICATOR_TRANSPORT_USB',
          'AUTHENTICATOR_TRANSPORT_HYBRID',
        ]),
      )
      .max(5),
  }),
})
