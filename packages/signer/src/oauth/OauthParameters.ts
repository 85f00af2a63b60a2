/** What `authenticate({type:'oauth', …})` takes (docs/protocol.md#sign-in-flows). */
export type OauthParameters = {
  authProviderId: string
  isCustomProvider?: boolean | undefined
  auth0Connection?: string | undefined
  scope?: string | undefined
  claims?: string | undefined
  otherParameters?: Record<string, string> | undefined
  expirationSeconds?: number | undefined
} & ({ mode: 'redirect'; redirectUrl: string } | { mode: 'popup'; redirectUrl?: undefined })
