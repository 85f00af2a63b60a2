import type { SignerRoutes } from '@sigil/protocol'
import { getOauthNonce } from '@sigil/protocol'
import type { SignerClient } from '../client/SignerClient.js'
import { request } from '../transport/request.js'

/** `/v1/prepare-oauth`'s answer: the PKCE challenge, its request key, and the providers. */
export type OauthConfig = SignerRoutes['/v1/prepare-oauth']['response']

/**
 * Prepares an OAuth login ahead of time (`/v1/prepare-oauth` with the nonce of the key frame's
 * key) and caches the answer, so that a click can open the popup synchronously, as browsers
 * require. `enablePopupOauth: true` calls it at start.
 *
 * @example
 * await preparePopupOauth(signer)
 * button.onclick = () => signer.authenticate({ type: 'oauth', authProviderId: 'google', mode: 'popup' })
 */
export async function preparePopupOauth(client: SignerClient): Promise<OauthConfig> {
  const turnkeyPublicKey = await client.sessionStamper.init()
  const oauthConfig = await request(client, '/v1/prepare-oauth', { nonce: getOauthNonce(turnkeyPublicKey) })
  // Not cached if the key changed meanwhile (a disconnect): it is bound to the old key's nonce.
  if (client.sessionStamper.publicKey() === turnkeyPublicKey) client.current.oauthConfig = oauthConfig
  return oauthConfig
}
