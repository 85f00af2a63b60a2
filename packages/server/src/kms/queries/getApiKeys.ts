import type { GetApiKeysResponse } from '@sigil/protocol'
import { z } from 'zod'
import { toV1ApiKey } from '../format/toV1ApiKey.js'
import { defineQuery } from './defineQuery.js'
import { idSchema, organizationIdSchema } from './querySchemas.js'
import { requireUser } from './requireUser.js'

/** `get_api_keys`: API keys of one user, or of every user of the organization. */
export const getApiKeysQuery = defineQuery({
  name: 'get_api_keys',
  schema: z.object({ organizationId: organizationIdSchema, userId: idSchema.optional() }),
  async run(ctx, { organizationId }, body): Promise<GetApiKeysResponse> {
    let query = ctx.store.db.selectFrom('api_keys').selectAll().where('organization_id', '=', organizationId)
    if (body.userId) {
      await requireUser(ctx, { organizationId, userId: body.userId })
      query = query.where('user_id', '=', body.userId)
    }
    const rows = await query.orderBy('created_at').orderBy('id').execute()
    return { apiKeys: rows.map(toV1ApiKey) }
  },
})
