/** Who signed a request: the user behind the credential and the organization that user is in. */
export type Principal = {
  userId: string
  organizationId: string
  credential:
    | {
        kind: 'apiKey'
        apiKeyId: string
        publicKey: string
        /** `API_KEY_CURVE_P256`, `…_SECP256K1` or `…_ED25519`. */
        curveType: string
        credentialType: string
        /** When the key expires (epoch ms); null for a key without expiry. */
        expiresAt: number | null
      }
    | { kind: 'authenticator'; authenticatorId: string; credentialId: string }
}
