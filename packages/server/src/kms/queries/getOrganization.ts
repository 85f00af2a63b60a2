import type { GetOrganizationResponse } from '@sigil/protocol'
import { z } from 'zod'
import { authenticationErrors } from '../auth/authenticationErrors.js'
import { loadV1Users } from '../format/loadV1Users.js'
import { toV1Wallet, walletColumns } from '../format/toV1Wallet.js'
import { defineQuery } from './defineQuery.js'
import { organizationIdSchema } from './querySchemas.js'

/** `get_organization`: the organization with its users, root quorum and wallets. */
export const getOrganizationQuery = defineQuery({
  name: 'get_organization',
  schema: z.object({ organizationId: organizationIdSchema }),
  async run(ctx, { organizationId }): Promise<GetOrganizationResponse> {
    const organization = await ctx.store.db
      .selectFrom('organizations')
      .selectAll()
      .where('id', '=', organizationId)
      .executeTakeFirst()
    if (!organization) throw authenticationErrors.organizationNotFound(organizationId)
    const [users, wallets] = await Promise.all([
      loadV1Users(ctx.store.db, { organizationId }),
      ctx.store.db
        .selectFrom('wallets')
        .select(walletColumns)
        .where('organization_id', '=', organizationId)
        .orderBy('created_at')
        .execute(),
    ])
    return {
      organizationData: {
        organizationId,
        name: organization.name,
        users,
        policies: [],
        privateKeys: [],
        invitations: [],
        tags: [],
        rootQuorum: {
          threshold: organization.root_quorum_threshold,
          userIds: JSON.parse(organization.root_user_ids),
        },
        features: [],
        wallets: wallets.map(toV1Wallet),
      },
    }
  },
})
