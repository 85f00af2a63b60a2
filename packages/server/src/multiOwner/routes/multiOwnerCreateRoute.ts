import { getAddress } from 'viem'
import { z } from 'zod'
import { createId } from '../../ids/createId.js'
import { prepareWallet } from '../../kms/wallets/prepareWallet.js'
import { defineSignerRoute } from '../../signin/defineSignerRoute.js'
import { defaultWalletAccounts } from '../../users/defaultWalletAccounts.js'
import { membersSchema } from '../multiOwnerSchemas.js'

/**
 * `POST /signer/v1/multi-owner-create {members}`: a new organization of the app whose owners are the
 * given EVM addresses, all in the root quorum with threshold 1, and a wallet (one EVM and one Solana
 * account). Answers the organization id, its wallet's EVM address and the owners. Limited per IP.
 */
export const multiOwnerCreateRoute = defineSignerRoute({
  path: '/v1/multi-owner-create',
  schema: z.object({ members: membersSchema }),
  async handle(ctx, request, body) {
    await ctx.rateLimits.multiOwnerCreatesPerIp.consume(request.ip)
    const now = ctx.now()
    const organizationId = createId()
    const owners = body.members.map((member) => ({ userId: createId(), address: member.evmSignerAddress }))
    const wallet = prepareWallet(ctx, {
      organizationId,
      now,
      wallet: { walletName: 'Default wallet', accounts: [...defaultWalletAccounts] },
    })
    const activityId = createId()
    await ctx.batcher.run(async (trx) => {
      await trx
        .insertInto('organizations')
        .values({
          id: organizationId,
          name: `multi-owner (${request.app.name})`,
          parent_id: ctx.rootOrganizationId,
          app_id: request.app.id,
          root_quorum_threshold: 1,
          root_user_ids: JSON.stringify(owners.map((owner) => owner.userId)),
          created_at: now,
          updated_at: now,
        })
        .execute()
      await trx
        .insertInto('users')
        .values(
          owners.map((owner) => ({
            id: owner.userId,
            organization_id: organizationId,
            name: owner.address,
            email: null,
            phone_number: null,
            oauth_providers: '[]',
            created_at: now,
            updated_at: now,
          })),
        )
        .execute()
      await trx
        .insertInto('multi_owner_members')
        .values(
          owners.map((owner) => ({
            user_id: owner.userId,
            organization_id: organizationId,
            evm_signer_address: owner.address,
            created_at: now,
          })),
        )
        .execute()
      await wallet.write(trx)
      await trx
        .insertInto('activities')
        .values({
          id: activityId,
          organization_id: ctx.rootOrganizationId,
          type: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
          status: 'ACTIVITY_STATUS_COMPLETED',
          intent: JSON.stringify({
            createSubOrganizationIntentV8: {
              subOrganizationName: 'multi-owner',
              appId: request.app.id,
              via: 'multi-owner-create',
              rootQuorumThreshold: 1,
            },
          }),
          result: JSON.stringify({
            createSubOrganizationResultV8: {
              subOrganizationId: organizationId,
              wallet: { walletId: wallet.walletId, addresses: wallet.addresses },
              rootUserIds: owners.map((owner) => owner.userId),
            },
          }),
          failure: null,
          fingerprint: `sigil:multi-owner-create:${activityId}`,
          user_id: null,
          created_at: now,
          updated_at: now,
        })
        .execute()
    })
    return {
      result: {
        orgId: organizationId,
        evmSignerAddress: getAddress(wallet.addresses[0]!),
        members: owners.map((owner) => ({ evmSignerAddress: getAddress(owner.address) })),
      },
    }
  },
})
