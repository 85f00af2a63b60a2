import { z } from 'zod'
import { listOwners } from '../listOwners.js'
import { multiOwnerErrors } from '../multiOwnerErrors.js'
import { maxOwners, userIdsSchema } from '../multiOwnerSchemas.js'
import { defineOwnerActivity } from './defineOwnerActivity.js'

/**
 * `ACTIVITY_TYPE_UPDATE_ROOT_QUORUM`: the new threshold and quorum users, all owners of the
 * organization, `1 ≤ threshold ≤ userIds.length`.
 */
export const ownerUpdateRootQuorum = defineOwnerActivity({
  types: {
    ACTIVITY_TYPE_UPDATE_ROOT_QUORUM: {
      intentKey: 'updateRootQuorumIntent',
      resultKey: 'updateRootQuorumResult',
    },
  },
  schema: z.object({
    threshold: z.number().int().min(1).max(maxOwners),
    userIds: userIdsSchema,
  }),
  async prepare(ctx, run, parameters) {
    if (parameters.threshold > parameters.userIds.length)
      throw multiOwnerErrors.invalidQuorum('threshold must not exceed the number of quorum users')
    const owners = await listOwners(ctx.store.db, run.organizationId)
    for (const userId of parameters.userIds)
      if (!owners.some((owner) => owner.userId === userId))
        throw multiOwnerErrors.invalidQuorum(`user ${userId} is not an owner of this organization`)
    return {
      result: {},
      async write(trx) {
        // Checked again in the transaction: an owner deleted meanwhile cannot be left in the quorum.
        const current = await listOwners(trx, run.organizationId)
        if (parameters.userIds.some((userId) => !current.some((owner) => owner.userId === userId)))
          throw multiOwnerErrors.invalidQuorum('a quorum user is no longer an owner of this organization')
        await trx
          .updateTable('organizations')
          .set({
            root_quorum_threshold: parameters.threshold,
            root_user_ids: JSON.stringify(parameters.userIds),
            updated_at: run.now,
          })
          .where('id', '=', run.organizationId)
          .execute()
      },
    }
  },
})
