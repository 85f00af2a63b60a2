import type { WhoamiResponse } from '@sigil/protocol'
import { z } from 'zod'
import { ApiError } from '../../http/errors/ApiError.js'
import { defineQuery } from './defineQuery.js'
import { organizationIdSchema } from './querySchemas.js'

/** `whoami`: the credential's user and organization; the body may name the parent organization. */
export const whoamiQuery = defineQuery({
  name: 'whoami',
  schema: z.object({ organizationId: organizationIdSchema }),
  allowParentTarget: true,
  async run(ctx, { principal }): Promise<WhoamiResponse> {
    const row = await ctx.store.db
      .selectFrom('users')
      .innerJoin('organizations', 'organizations.id', 'users.organization_id')
      .select([
        'users.id as userId',
        'users.name as username',
        'organizations.id as organizationId',
        'organizations.name as organizationName',
      ])
      .where('users.id', '=', principal.userId)
      .executeTakeFirst()
    if (!row) throw new ApiError('NOT_FOUND', 'user not found', { errorCode: 'NOT_FOUND' })
    return {
      organizationId: row.organizationId,
      organizationName: row.organizationName,
      userId: row.userId,
      username: row.username,
    }
  },
})
