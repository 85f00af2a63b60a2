import { base64urlEncode } from '../encoding/base64urlEncode.js'
import type { OauthState } from './OauthState.js'

/**
 * The OAuth `state`: unpadded base64url of the UTF-8 JSON, keys in this fixed order, undefined keys
 * dropped (docs/protocol.md#oauth-state-and-nonce).
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
      fetchIdTokenOnly: state.fetchIdTokenOnly,
    }),
  )
}
