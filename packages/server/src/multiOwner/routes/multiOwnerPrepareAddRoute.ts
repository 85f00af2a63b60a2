import { getAddress } from 'viem'
import { z } from 'zod'
import { defineSignerRoute } from '../../signin/defineSignerRoute.js'
import { findAppMultiOwner } from '../findAppMultiOwner.js'
import { multiOwnerErrors } from '../multiOwnerErrors.js'
import { maxOwners, membersSchema, organizationIdSchema } from '../multiOwnerSchemas.js'

/**
 * `POST /signer/v1/multi-owner-prepare-add {organizationId, members}`: the `create_users` request
 * (`ACTIVITY_TYPE_CREATE_USERS_V3`, one user per address, named by it) an owner stamps and sends to
 * `/v1/multi-owner-add`. Prepares only: nothing changes until a stamped request is approved.
 */
export const multiOwnerPrepareAddRoute = defineSignerRoute({
  path: '/v1/multi-owner-prepare-add',
  schema: z.object({ organizationId: organizationIdSchema, members: membersSchema }),
  async handle(ctx, request, body) {
    const { owners } = await findAppMultiOwner(ctx, request.app, body.organizationId)
    for (const member of body.members)
      if (owners.some((owner) => owner.evmSignerAddress === member.evmSignerAddress))
        throw multiOwnerErrors.ownerExists(getAddress(member.evmSignerAddress))
    if (owners.length + body.members.length > maxOwners)
      throw multiOwnerErrors.invalidQuorum(`an organization has at most ${maxOwners} owners`)
    return {
      result: {
        type: 'ACTIVITY_TYPE_CREATE_USERS_V3',
        timestampMs: String(ctx.now()),
        organizationId: body.organizationId,
        parameters: {
          users: body.members.map((member) => ({
            userName: getAddress(member.evmSignerAddress),
            apiKeys: [],
            authenticators: [],
            oauthProviders: [],
            userTags: [],
          })),
        },
      },
    }
  },
})
