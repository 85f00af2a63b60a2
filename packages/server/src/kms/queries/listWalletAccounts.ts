import type { ListWalletAccountsResponse, V1Wallet } from '@sigil/protocol'
import { z } from 'zod'
import { toV1Wallet, walletColumns } from '../format/toV1Wallet.js'
import { toV1WalletAccount, walletAccountColumns } from '../format/toV1WalletAccount.js'
import { applyPagination } from './applyPagination.js'
import { defineQuery } from './defineQuery.js'
import { idSchema, organizationIdSchema, paginationSchema } from './querySchemas.js'

/** `list_wallet_accounts`: accounts of one wallet, or of the whole organization without `walletId`. */
export const listWalletAccountsQuery = defineQuery({
  name: 'list_wallet_accounts',
  schema: z.object({
    organizationId: organizationIdSchema,
    walletId: idSchema.optional(),
    includeWalletDetails: z.boolean().optional(),
    paginationOptions: paginationSchema.optional(),
  }),
  async run(ctx, { organizationId }, body): Promise<ListWalletAccountsResponse> {
    let query = ctx.store.db
      .selectFrom('wallet_accounts')
      .select(walletAccountColumns)
      .where('organization_id', '=', organizationId)
    if (body.walletId) query = query.where('wallet_id', '=', body.walletId)
    const rows = await applyPagination(query, 'wallet_accounts', body.paginationOptions).execute()
    let wallets = new Map<string, V1Wallet>()
    if (body.includeWalletDetails && rows.length > 0) {
      const walletRows = await ctx.store.db
        .selectFrom('wallets')
        .select(walletColumns)
        .where('id', 'in', [...new Set(rows.map((row) => row.wallet_id))])
        .execute()
      wallets = new Map(walletRows.map((row) => [row.id, toV1Wallet(row)]))
    }
    return { accounts: rows.map((row) => toV1WalletAccount(row, wallets.get(row.wallet_id))) }
  },
})
