/** The OAuth `state` the SDK sends through the provider and the server's callback reads back. */
export type OauthState = {
  authProviderId: string
  isCustomProvider?: boolean | undefined
  /** The single-use key `/v1/prepare-oauth` answered. */
  requestKey: string
  /** The client's target key (P-256 hex) the credential bundle is sealed to. */
  turnkeyPublicKey: string
  expirationSeconds?: number | undefined
  /** Redirect mode: where the callback sends the browser back (absolute). */
  redirectUrl?: string | undefined
  /** Popup mode: the origin the callback page posts its message to. */
  openerOrigin?: string | undefined
  /**
   * Account Kit's `addOauthProvider`: the callback signs no one in and answers the ID token alone
   * (`FETCHED_ID_TOKEN_ONLY`), for `/v1/add-oauth-provider` to link.
   */
  fetchIdTokenOnly?: boolean | undefined
}
