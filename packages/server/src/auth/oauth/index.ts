import type { SignerRouteDefinition } from '../../signin/defineSignerRoute.js'
import { prepareOauthRoute } from './prepareOauthRoute.js'

export { createOauthCallbackHandler } from './createOauthCallbackHandler.js'

/**
 * The OAuth routes of `/signer`: `/v1/prepare-oauth` starts a login (PKCE verifier kept on the
 * server); the provider comes back to `createOauthCallbackHandler` (`/signer/v1/oauth/callback`).
 *
 * @example
 * app.route('/signer', createSignerRoutes(ctx, [...oauthRoutes]))
 */
export const oauthRoutes: SignerRouteDefinition[] = [prepareOauthRoute]
