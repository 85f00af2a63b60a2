import type { SignerRouteDefinition } from '../../signin/defineSignerRoute.js'
import { deleteAccountRoute } from './deleteAccountRoute.js'
import { exportAccountDataRoute } from './exportAccountDataRoute.js'

/** The account routes of `/signer`: deleting the account, and reading what the server holds. */
export const accountRoutes: SignerRouteDefinition[] = [deleteAccountRoute, exportAccountDataRoute]
