/** A tenant of the sign-in service: one web app with its origins, email mode and keys. */
export type App = {
  id: string
  name: string
  emailMode: 'otp' | 'magic-link'
  /** Where magic links and OAuth redirects land when the client gives no redirect. */
  redirectUrl: string | null
  /** Origins (`scheme://host[:port]`) allowed for CORS, WebAuthn and redirects. */
  allowedOrigins: string[]
  /** PEM (SPKI) or JWK JSON of the key that signs this app's bearer JWTs, if it uses them. */
  jwtPublicKey: string | null
  /** OAuth providers this app offers (ids of the server's configured providers); null: all of them. */
  oauthProviderIds: string[] | null
}
