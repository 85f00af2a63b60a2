import type { SignerRouteDefinition } from '../../signin/defineSignerRoute.js'
import { addOauthProviderRoute } from './addOauthProviderRoute.js'
import { listAuthMethodsRoute } from './listAuthMethodsRoute.js'
import { removeOauthProviderRoute } from './removeOauthProviderRoute.js'
import { trackKeyExportRoute } from './trackKeyExportRoute.js'

/**
 * The sign-in method routes of `/signer` (Account Kit 4.88): list a user's methods, link and unlink
 * OAuth provider accounts, and record a key export (docs/protocol.md#sign-in-methods).
 */
export const authMethodRoutes: SignerRouteDefinition[] = [
  listAuthMethodsRoute,
  addOauthProviderRoute,
  removeOauthProviderRoute,
  trackKeyExportRoute,
]
