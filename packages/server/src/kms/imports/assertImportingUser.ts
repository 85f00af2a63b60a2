import { ApiError } from '../../http/errors/ApiError.js'
import type { ActivityRun } from '../activities/defineActivity.js'

/**
 * Only the user itself imports into its organization: the stamping credential must be `userId`'s own,
 * in the organization the activity acts in (docs/protocol.md#importing-wallets-and-keys). Another user
 * of the organization, and a parent organization's key acting in a sub-organization, get 403.
 *
 * @example
 * assertImportingUser(run, parameters.userId)
 */
export function assertImportingUser(run: ActivityRun, userId: string): void {
  if (run.principal.organizationId === run.organizationId && run.principal.userId === userId) return
  throw new ApiError('PERMISSION_DENIED', `only user ${userId} may import into its wallets`, {
    errorCode: 'IMPORT_NOT_ALLOWED',
    details:
      'stamp init_import_* and import_* with a credential of the user named by userId, in its own organization',
  })
}
