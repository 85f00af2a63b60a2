import { z } from 'zod'
import { assertImportingUser } from '../imports/assertImportingUser.js'
import { prepareImportKey } from '../imports/prepareImportKey.js'
import { defineActivity } from './defineActivity.js'

/**
 * `init_import_wallet`: a fresh target key for the stamping user's next `import_wallet`, in a signed
 * import bundle (docs/protocol.md#importing-wallets-and-keys).
 */
export const initImportWalletActivity = defineActivity({
  path: 'init_import_wallet',
  schema: z.object({ userId: z.string().min(1).max(128) }),
  async prepare(ctx, run, parameters) {
    assertImportingUser(run, parameters.userId)
    return prepareImportKey(ctx, {
      organizationId: run.organizationId,
      userId: parameters.userId,
      kind: 'wallet',
      now: run.now,
    })
  },
})
