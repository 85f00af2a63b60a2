import { base64urlEncode } from '@sigil/protocol'

export type OauthState = {
  authProviderId: string
  isCustomProvider?: boolean | undefined
  requestKey: string
  turnkeyPublicKey: string
  expirationSeconds?: number | undefined
  /** Redirect mode: where the callback sends the browser back (absolute). */
  redirectUrl?: string | undefined
  /** Popup mode: the origin the callback page posts its message to. */
  openerOrigin?: string | undefined
}

/**
 * The OAuth `state`: unpadded base64url of the UTF-8 JSON, keys in the reference §1.7 order,
 * undefined keys dropped.
 *
 * @example
 * encodeOauthState({ authProviderId: 'google', requestKey, turnkeyPublicKey, redirectUrl })
 */
export function encodeOauthState(state: OauthState): string {
  return base64urlEncode(
    JSON.stringify({
      authProviderId: state.authProviderId,
      isCustomProvider: state.isCustomProvider,
      requestKey: state.requestKey,
      turnkeyPublicKey: state.turnkeyPublicKey,
      expirationSeconds: state.expirationSeconds,
      redirectUrl: state.redirectUrl,
      openerOrigin: state.openerOrigin,
    }),
  )
}
