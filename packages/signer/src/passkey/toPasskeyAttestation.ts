import { type AuthenticatorTransport, base64urlEncode, type PasskeyAttestation } from '@sigil/protocol'

/** The parts of a created `PublicKeyCredential` that sign-up sends. */
export type CreatedPasskey = {
  rawId: ArrayBuffer
  response: { clientDataJSON: ArrayBuffer; attestationObject: ArrayBuffer; getTransports?(): string[] }
}

const transportNames: Record<string, AuthenticatorTransport> = {
  internal: 'AUTHENTICATOR_TRANSPORT_INTERNAL',
  usb: 'AUTHENTICATOR_TRANSPORT_USB',
  nfc: 'AUTHENTICATOR_TRANSPORT_NFC',
  ble: 'AUTHENTICATOR_TRANSPORT_BLE',
  hybrid: 'AUTHENTICATOR_TRANSPORT_HYBRID',
}

/**
 * The `attestation` of a passkey `/v1/signup` (docs/protocol.md#signer-api): base64url `credentialId`,
 * `clientDataJson` and `attestationObject`, and the transports as `AUTHENTICATOR_TRANSPORT_*`
 * (internal and hybrid when the browser names none).
 *
 * @example
 * toPasskeyAttestation(await navigator.credentials.create(options) as PublicKeyCredential)
 */
export function toPasskeyAttestation(credential: CreatedPasskey): PasskeyAttestation {
  const transports = (credential.response.getTransports?.() ?? [])
    .map((transport) => transportNames[transport])
    .filter((transport): transport is AuthenticatorTransport => Boolean(transport))
  return {
    credentialId: base64urlEncode(new Uint8Array(credential.rawId)),
    clientDataJson: base64urlEncode(new Uint8Array(credential.response.clientDataJSON)),
    attestationObject: base64urlEncode(new Uint8Array(credential.response.attestationObject)),
    transports: transports.length
      ? transports
      : ['AUTHENTICATOR_TRANSPORT_INTERNAL', 'AUTHENTICATOR_TRANSPORT_HYBRID'],
  }
}
