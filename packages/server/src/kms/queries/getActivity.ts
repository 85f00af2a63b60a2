import type { ActivityResponse } from '@sigil/protocol'
import { z } from 'zod'
import { ApiError } from '../../http/errors/ApiError.js'
import { toV1Activity } from '../format/toV1Activity.js'
import { defineQuery } from './defineQuery.js'
import { idSchema, organizationIdSchema } from './querySchemas.js'

/** `get_activity`: one activity by id (what pollers call). */
export const getActivityQuery = defineQuery({
  name: 'get_activity',
  schema: z.object({ organizationId: organizationIdSchema, activityId: idSchema }),
  async run(ctx, { organizationId }, body): Promise<ActivityResponse> {
    const row = await ctx.store.db
      .selectFrom('activities')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('id', '=', body.activityId)
      .executeTakeFirst()
    if (!row)
      throw new ApiError('NOT_FOUND', `activity not found: ${body.activityId}`, { errorCode: 'NOT_FOUND' })
    return { activity: toV1Activity(row) }
  },
})
