import type { AuthenticatorTransport } from '../publicApi/types.js'

/** A new passkey's attestation as a passkey sign-up sends it (`v1Attestation`, base64url fields). */
export type PasskeyAttestation = {
  credentialId: string
  clientDataJson: string
  attestationObject: string
  transports: AuthenticatorTransport[]
}
