export type OauthStateInput = {
  authProviderId: string
  isCustomProvider?: boolean
  requestKey: string
  turnkeyPublicKey: string
  expirationSeconds?: number
  redirectUrl?: string
  openerOrigin?: string
}

/**
 * `state` as the SDK encodes it: unpadded base64url of the UTF-8 JSON, keys in the order of docs/protocol.md#oauth-state-and-nonce,
 * undefined keys dropped.
 *
 * @example
 * encodeOauthState({ authProviderId: 'google', requestKey, turnkeyPublicKey, redirectUrl })
 */
export function encodeOauthState(state: OauthStateInput): string {
  const ordered = {
    authProviderId: state.authProviderId,
    isCustomProvider: state.isCustomProvider,
    requestKey: state.requestKey,
    turnkeyPublicKey: state.turnkeyPublicKey,
    expirationSeconds: state.expirationSeconds,
    redirectUrl: state.redirectUrl,
    openerOrigin: state.openerOrigin,
  }
  return Buffer.from(JSON.stringify(ordered), 'utf8').toString('base64url')
}
