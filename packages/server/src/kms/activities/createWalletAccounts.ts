import { z } from 'zod'
import { ApiError } from '../../http/errors/ApiError.js'
import { parseWalletSecret } from '../keys/parseWalletSecret.js'
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
      .select(['id', 'sealed_mnemonic', 'secret_kind'])
      .where('organization_id', '=', run.organizationId)
      .where('id', '=', parameters.walletId)
      .executeTakeFirst()
    if (!wallet)
      throw new ApiError('NOT_FOUND', `wallet not found: ${parameters.walletId}`, { errorCode: 'NOT_FOUND' })
    if (wallet.secret_kind === 'private_key')
      throw new ApiError(
        'INVALID_ARGUMENT',
        `wallet ${wallet.id} is an imported private key: it has no HD accounts`,
        {
          errorCode: 'WALLET_IS_PRIVATE_KEY',
          details: 'import the key again with the address formats it should have',
        },
      )
    const secret = ctx.vault.open(wallet.sealed_mnemonic, `wallet:${wallet.id}`)
    const { mnemonic, passphrase } = parseWalletSecret(new TextDecoder().decode(secret))
    secret.fill(0)
    const rows = deriveAccountRows(ctx, {
      organizationId: run.organizationId,
      walletId: wallet.id,
      mnemonic,
      passphrase,
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
