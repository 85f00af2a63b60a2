/** Who signed a request: the user behind the credential and the organization that user is in. */
export type Principal = {
  userId: string
  organizationId: string
  credential:
    | { kind: 'apiKey'; apiKeyId: string; publicKey: string; credentialType: string }
    | { kind: 'authenticator'; authenticatorId: string; credentialId: string }
}
