import { base64urlDecode, getWebauthnChallenge } from '@sigil/protocol'

export type ToWebauthnRequestOptionsParameters = {
  body: string
  rpId: string
  /** The user's credential id (base64url), when known: only it is allowed. */
  credentialId?: string | undefined
}

/**
 * The `navigator.credentials.get` options of a passkey stamp (docs/protocol.md#stamps, docs/protocol.md#sessions): the
 * challenge is the UTF-8 bytes of the lowercase hex SHA-256 of the body; 300000 ms timeout;
 * `userVerification: 'preferred'`; `allowCredentials` only when the credential is known.
 *
 * @example
 * await navigator.credentials.get(toWebauthnRequestOptions({ body, rpId: 'example.com' }))
 */
export function toWebauthnRequestOptions({
  body,
  rpId,
  credentialId,
}: ToWebauthnRequestOptionsParameters): CredentialRequestOptions {
  const challenge = new TextEncoder().encode(getWebauthnChallenge(body))
  return {
    publicKey: {
      challenge,
      rpId,
      timeout: 300_000,
      userVerification: 'preferred',
      ...(credentialId
        ? {
            allowCredentials: [
              {
                id: base64urlDecode(credentialId) as Uint8Array<ArrayBuffer>,
                type: 'public-key' as const,
                transports: ['internal', 'hybrid'] as AuthenticatorTransport[],
              },
            ],
          }
        : {}),
    },
  }
}
