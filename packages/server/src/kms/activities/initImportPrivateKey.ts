import { z } from 'zod'
import { assertImportingUser } from '../imports/assertImportingUser.js'
import { prepareImportKey } from '../imports/prepareImportKey.js'
import { defineActivity } from './defineActivity.js'

/**
 * `init_import_private_key`: a fresh target key for the stamping user's next `import_private_key`, in a signed
 * import bundle (docs/protocol.md#importing-wallets-and-keys).
 */
export const initImportPrivateKeyActivity = defineActivity({
  path: 'init_import_private_key',
  schema: z.object({ userId: z.string().min(1).max(128) }),
  async prepare(ctx, run, parameters) {
    assertImportingUser(run, parameters.userId)
    return prepareImportKey(ctx, {
      organizationId: run.organizationId,
      userId: parameters.userId,
      kind: 'private_key',
      now: run.now,
    })
  },
})
