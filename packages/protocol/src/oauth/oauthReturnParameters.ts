/**
 * The query parameters the OAuth callback adds to the app's page when it redirects back
 * (docs/protocol.md#oauth-state-and-nonce): the credential bundle, organization and ID token on
 * success; the status, sealed MFA payload and factors when a second factor is due; the error
 * otherwise. `aa-is-signup` marks a new user for the web SDK, `alchemy-is-signup` for React Native.
 * The callback clears all of them from the redirect URL before it sets its own, and the SDK removes
 * them from the address once read.
 *
 * @example
 * for (const name of oauthReturnParameters) url.searchParams.delete(name)
 */
export const oauthReturnParameters = [
  'alchemy-bundle',
  'alchemy-org-id',
  'alchemy-error',
  'alchemy-id-token',
  'aa-is-signup',
  'alchemy-is-signup',
  'alchemy-status',
  'alchemy-encrypted-payload',
  'alchemy-mfa-factors',
  'alchemy-auth-provider',
] as const

export type OauthReturnParameter = (typeof oauthReturnParameters)[number]
