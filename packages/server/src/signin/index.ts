import type { SignerRouteDefinition } from './defineSignerRoute.js'
import { lookupRoute } from './routes/lookupRoute.js'
import { signerConfigRoute } from './routes/signerConfigRoute.js'
import { signPayloadRoute } from './routes/signPayloadRoute.js'
import { whoamiRoute } from './routes/whoamiRoute.js'

export { createSignerRoutes } from './createSignerRoutes.js'

/**
 * The routes of `/signer` that belong to no sign-in method: `/v1/lookup`, `/v1/whoami`,
 * `/v1/sign-payload` and `/v1/signer-config`. Each method under `auth/` brings its own list.
 *
 * @example
 * app.route('/signer', createSignerRoutes(ctx, [...signinRoutes]))
 */
export const signinRoutes: SignerRouteDefinition[] = [
  lookupRoute,
  whoamiRoute,
  signPayloadRoute,
  signerConfigRoute,
]
