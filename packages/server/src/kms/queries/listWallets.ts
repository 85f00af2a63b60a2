import type { ListWalletsResponse } from '@sigil/protocol'
import { z } from 'zod'
import { toV1Wallet, walletColumns } from '../format/toV1Wallet.js'
import { defineQuery } from './defineQuery.js'
import { organizationIdSchema } from './querySchemas.js'

/** `list_wallets`: every wallet of the organization, oldest first. */
export const listWalletsQuery = defineQuery({
  name: 'list_wallets',
  schema: z.object({ organizationId: organizationIdSchema }),
  async run(ctx, { organizationId }): Promise<ListWalletsResponse> {
    const rows = await ctx.store.db
      .selectFrom('wallets')
      .select(walletColumns)
      .where('organization_id', '=', organizationId)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
    return { wallets: rows.map(toV1Wallet) }
  },
})
