import type { GetUserResponse } from '@sigil/protocol'
import { z } from 'zod'
import { ApiError } from '../../http/errors/ApiError.js'
import { loadV1Users } from '../format/loadV1Users.js'
import { defineQuery } from './defineQuery.js'
import { idSchema, organizationIdSchema } from './querySchemas.js'

/** `get_user`: one user with its credentials. */
export const getUserQuery = defineQuery({
  name: 'get_user',
  schema: z.object({ organizationId: organizationIdSchema, userId: idSchema }),
  async run(ctx, { organizationId }, body): Promise<GetUserResponse> {
    const [user] = await loadV1Users(ctx.store.db, { organizationId, userIds: [body.userId] })
    if (!user)
      throw new ApiError('NOT_FOUND', `user not found in organization: ${body.userId}`, {
        errorCode: 'NOT_FOUND',
      })
    return { user }
  },
})
