import { z } from 'zod'
import { createId } from '../../ids/createId.js'
import { listOwners } from '../listOwners.js'
import { multiOwnerErrors } from '../multiOwnerErrors.js'
import { evmAddressSchema, maxOwners } from '../multiOwnerSchemas.js'
import { defineOwnerActivity } from './defineOwnerActivity.js'

const noCredentials = z.array(z.unknown()).max(0, 'an owner signs with its address: no credentials')

/**
 * `ACTIVITY_TYPE_CREATE_USERS_V3`/`_V4` in a multi-owner organization: each user is a new owner whose
 * `userName` is its EVM address (as `/v1/multi-owner-prepare-add` writes it). New owners join the
 * root quorum only through `ACTIVITY_TYPE_UPDATE_ROOT_QUORUM`.
 */
export const ownerCreateUsers = defineOwnerActivity({
  types: {
    ACTIVITY_TYPE_CREATE_USERS_V3: { intentKey: 'createUsersIntentV3', resultKey: 'createUsersResult' },
    ACTIVITY_TYPE_CREATE_USERS_V4: { intentKey: 'createUsersIntentV4', resultKey: 'createUsersResult' },
  },
  schema: z.object({
    users: z
      .array(
        z.object({
          userName: evmAddressSchema,
          apiKeys: noCredentials,
          authenticators: noCredentials,
          oauthProviders: noCredentials,
          userTags: z.array(z.string().max(128)).max(0, 'userTags are not supported'),
        }),
      )
      .min(1)
      .max(maxOwners)
      .refine(
        (users) => new Set(users.map((user) => user.userName)).size === users.length,
        'users must not repeat an address',
      ),
  }),
  async prepare(ctx, run, parameters) {
    const owners = await listOwners(ctx.store.db, run.organizationId)
    for (const user of parameters.users)
      if (owners.some((owner) => owner.evmSignerAddress === user.userName))
        throw multiOwnerErrors.ownerExists(user.userName)
    if (owners.length + parameters.users.length > maxOwners)
      throw multiOwnerErrors.invalidQuorum(`an organization has at most ${maxOwners} owners`)
    const users = parameters.users.map((user) => ({ id: createId(), address: user.userName }))
    return {
      result: { userIds: users.map((user) => user.id) },
      // The unique (organization_id, evm_signer_address) index refuses an owner added twice at once.
      async write(trx) {
        await trx
          .insertInto('users')
          .values(
            users.map((user) => ({
              id: user.id,
              organization_id: run.organizationId,
              name: user.address,
              email: null,
              phone_number: null,
              oauth_providers: '[]',
              created_at: run.now,
              updated_at: run.now,
            })),
          )
          .execute()
        await trx
          .insertInto('multi_owner_members')
          .values(
            users.map((user) => ({
              user_id: user.id,
              organization_id: run.organizationId,
              evm_signer_address: user.address,
              created_at: run.now,
            })),
          )
          .execute()
      },
    }
  },
})
