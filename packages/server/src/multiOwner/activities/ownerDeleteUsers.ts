import { z } from 'zod'
import { listOwners } from '../listOwners.js'
import { multiOwnerErrors } from '../multiOwnerErrors.js'
import { userIdsSchema } from '../multiOwnerSchemas.js'
import { readRootQuorum } from '../readRootQuorum.js'
import { defineOwnerActivity } from './defineOwnerActivity.js'

/**
 * `ACTIVITY_TYPE_DELETE_USERS` of owners. A user of the root quorum cannot be deleted (take it out
 * with `ACTIVITY_TYPE_UPDATE_ROOT_QUORUM` first, as Account Kit does), so the quorum never loses
 * members behind its back; one owner always remains.
 */
export const ownerDeleteUsers = defineOwnerActivity({
  types: {
    ACTIVITY_TYPE_DELETE_USERS: { intentKey: 'deleteUsersIntent', resultKey: 'deleteUsersResult' },
  },
  schema: z.object({ userIds: userIdsSchema }),
  async prepare(ctx, run, parameters) {
    const check = async (db: Parameters<typeof listOwners>[0]) => {
      const [owners, quorum] = await Promise.all([
        listOwners(db, run.organizationId),
        readRootQuorum(db, run.organizationId),
      ])
      for (const userId of parameters.userIds) {
        if (!owners.some((owner) => owner.userId === userId))
          throw multiOwnerErrors.invalidQuorum(`user ${userId} is not an owner of this organization`)
        if (quorum.userIds.includes(userId))
          throw multiOwnerErrors.invalidQuorum(
            `user ${userId} is in the root quorum: update the root quorum before deleting it`,
          )
      }
      if (owners.length - parameters.userIds.length < 1)
        throw multiOwnerErrors.invalidQuorum('an organization keeps at least one owner')
    }
    await check(ctx.store.db)
    return {
      result: { userIds: parameters.userIds },
      async write(trx) {
        // Checked again in the transaction: the quorum may have changed since.
        await check(trx)
        await trx
          .deleteFrom('users')
          .where('organization_id', '=', run.organizationId)
          .where('id', 'in', parameters.userIds)
          .execute()
      },
    }
  },
})
