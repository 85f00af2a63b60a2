import type { SignerRouteDefinition } from '../../signin/defineSignerRoute.js'
import { jwtAuthRoute } from './jwtAuthRoute.js'

export { addJwtIssuer } from './addJwtIssuer.js'
export { listJwtIssuers } from './listJwtIssuers.js'
export { removeJwtIssuer } from './removeJwtIssuer.js'

/**
 * The custom-JWT routes of `/signer`: trade a JWT the app's backend minted for a session
 * (`/v1/auth-jwt`). Issuers are registered per app with `sigil-server app jwt-issuer add`.
 *
 * @example
 * app.route('/signer', createSignerRoutes(ctx, [...jwtRoutes]))
 */
export const jwtRoutes: SignerRouteDefinition[] = [jwtAuthRoute]
