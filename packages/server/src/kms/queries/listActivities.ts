import type { ListActivitiesResponse } from '@sigil/protocol'
import { z } from 'zod'
import { toV1Activity } from '../format/toV1Activity.js'
import { applyPagination } from './applyPagination.js'
import { defineQuery } from './defineQuery.js'
import { organizationIdSchema, paginationSchema } from './querySchemas.js'

const statusSchema = z.enum([
  'ACTIVITY_STATUS_CREATED',
  'ACTIVITY_STATUS_PENDING',
  'ACTIVITY_STATUS_COMPLETED',
  'ACTIVITY_STATUS_FAILED',
  'ACTIVITY_STATUS_CONSENSUS_NEEDED',
  'ACTIVITY_STATUS_REJECTED',
  'ACTIVITY_STATUS_AUTHENTICATORS_NEEDED',
])

/** `list_activities`: the organization's activities (its audit log), filterable by status and type. */
export const listActivitiesQuery = defineQuery({
  name: 'list_activities',
  schema: z.object({
    organizationId: organizationIdSchema,
    filterByStatus: z.array(statusSchema).max(10).optional(),
    filterByType: z
      .array(z.string().regex(/^ACTIVITY_TYPE_[A-Z0-9_]+$/, 'not an activity type'))
      .max(50)
      .optional(),
    paginationOptions: paginationSchema.optional(),
  }),
  async run(ctx, { organizationId }, body): Promise<ListActivitiesResponse> {
    let query = ctx.store.db
      .selectFrom('activities')
      .selectAll()
      .where('organization_id', '=', organizationId)
    if (body.filterByStatus?.length) query = query.where('status', 'in', body.filterByStatus)
    if (body.filterByType?.length) query = query.where('type', 'in', body.filterByType)
    const rows = await applyPagination(query, 'activities', body.paginationOptions).execute()
    return { activities: rows.map((row) => toV1Activity(row)) }
  },
})
