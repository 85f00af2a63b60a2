import type { GetAuthenticatorsResponse } from '@sigil/protocol'
import { z } from 'zod'
import { toV1Authenticator } from '../format/toV1Authenticator.js'
import { defineQuery } from './defineQuery.js'
import { idSchema, organizationIdSchema } from './querySchemas.js'
import { requireUser } from './requireUser.js'

/** `get_authenticators`: the passkeys of one user (`userId` is required). */
export const getAuthenticatorsQuery = defineQuery({
  name: 'get_authenticators',
  schema: z.object({ organizationId: organizationIdSchema, userId: idSchema }),
  async run(ctx, { organizationId }, body): Promise<GetAuthenticatorsResponse> {
    await requireUser(ctx, { organizationId, userId: body.userId })
    const rows = await ctx.store.db
      .selectFrom('authenticators')
      .selectAll()
      .where('user_id', '=', body.userId)
      .orderBy('created_at')
      .execute()
    return { authenticators: rows.map(toV1Authenticator) }
  },
})
