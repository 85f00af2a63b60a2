import type { ListUsersResponse } from '@sigil/protocol'
import { z } from 'zod'
import { loadV1Users } from '../format/loadV1Users.js'
import { defineQuery } from './defineQuery.js'
import { organizationIdSchema } from './querySchemas.js'

/** `list_users`: every user of the organization with its credentials. */
export const listUsersQuery = defineQuery({
  name: 'list_users',
  schema: z.object({ organizationId: organizationIdSchema }),
  async run(ctx, { organizationId }): Promise<ListUsersResponse> {
    return { users: await loadV1Users(ctx.store.db, { organizationId }) }
  },
})
