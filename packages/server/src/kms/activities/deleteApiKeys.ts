import { z } from 'zod'
import { ApiError } from '../../http/errors/ApiError.js'
import { defineActivity } from './defineActivity.js'

/** `delete_api_keys`: removes API keys of a user. */
export const deleteApiKeysActivity = defineActivity({
  path: 'delete_api_keys',
  changesApiKeys: true,
  schema: z.object({
    userId: z.string().min(1).max(128),
    apiKeyIds: z.array(z.string().min(1).max(128)).min(1, 'at least one apiKeyId is required').max(100),
  }),
  async prepare(ctx, run, parameters) {
    const found = await ctx.store.db
      .selectFrom('api_keys')
      .select('id')
      .where('organization_id', '=', run.organizationId)
      .where('user_id', '=', parameters.userId)
      .where('id', 'in', parameters.apiKeyIds)
      .execute()
    const missing = parameters.apiKeyIds.filter((id) => !found.some((row) => row.id === id))
    if (missing.length > 0)
      throw new ApiError('NOT_FOUND', `API key not found for this user: ${missing.join(', ')}`, {
        errorCode: 'NOT_FOUND',
      })
    return {
      result: { apiKeyIds: parameters.apiKeyIds },
      write: (trx) => trx.deleteFrom('api_keys').where('id', 'in', parameters.apiKeyIds).execute(),
    }
  },
})
