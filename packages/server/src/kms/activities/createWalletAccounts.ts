import { z } from 'zod'
import { ApiError } from '../../http/errors/ApiError.js'
import { deriveAccountRows } from '../wallets/deriveAccountRows.js'
import { walletAccountsSchema } from '../wallets/walletSchemas.js'
import { defineActivity } from './defineActivity.js'

/** `create_wallet_accounts`: derives more accounts of a wallet (`persist: false` only derives). */
export const createWalletAccountsActivity = defineActivity({
  path: 'create_wallet_accounts',
  schema: z.object({
    walletId: z.string().min(1).max(128),
    accounts: walletAccountsSchema.min(1, 'at least one account is required'),
    persist: z.boolean().optional(),
  }),
  async prepare(ctx, run, parameters) {
    const wallet = await ctx.store.db
      .selectFrom('wallets')
      .select(['id', 'sealed_mnemonic'])
      .where('organization_id', '=', run.organizationId)
      .where('id', '=', parameters.walletId)
      .executeTakeFirst()
    if (!wallet)
      throw new ApiError('NOT_FOUND', `wallet not found: ${parameters.walletId}`, { errorCode: 'NOT_FOUND' })
    const mnemonic = new TextDecoder().decode(ctx.vault.open(wallet.sealed_mnemonic, `wallet:${wallet.id}`))
    const rows = deriveAccountRows(ctx, {
      organizationId: run.organizationId,
      walletId: wallet.id,
      mnemonic,
      accounts: parameters.accounts,
      now: run.now,
    })
    const addresses = rows.map((row) => row.address)
    if (parameters.persist === false) return { result: { addresses } }
    const existing = await ctx.store.db
      .selectFrom('wallet_accounts')
      .select('address')
      .where('organization_id', '=', run.organizationId)
      .where('address', 'in', addresses)
      .executeTakeFirst()
    if (existing || new Set(addresses).size !== addresses.length)
      throw new ApiError(
        'ALREADY_EXISTS',
        `wallet account already exists: ${existing?.address ?? 'duplicate path'}`,
        {
          errorCode: 'REQUEST_INVALID',
        },
      )
    return {
      result: { addresses },
      write: (trx) => trx.insertInto('wallet_accounts').values(rows).execute(),
    }
  },
})
