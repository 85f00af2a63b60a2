import type { Insertable, Transaction } from 'kysely'
import type { z } from 'zod'
import { createId } from '../../ids/createId.js'
import type { SigilContext } from '../../SigilContext.js'
import type { Database, WalletAccountTable } from '../../store/schema.js'
import { generateMnemonic } from '../keys/generateMnemonic.js'
import { deriveAccountRows } from './deriveAccountRows.js'
import type { walletParamsSchema } from './walletSchemas.js'

export type PreparedWallet = {
  walletId: string
  addresses: string[]
  write(trx: Transaction<Database>): Promise<void>
}

/**
 * Generates a BIP-39 wallet and its accounts: the mnemonic and account keys are sealed in memory,
 * and `write` stores them. Used by `create_wallet` and `create_sub_organization`.
 *
 * @example
 * const wallet = prepareWallet(ctx, { organizationId, now, wallet: { walletName: 'Main', accounts } })
 */
export function prepareWallet(
  ctx: SigilContext,
  {
    organizationId,
    now,
    wallet,
  }: { organizationId: string; now: number; wallet: z.output<typeof walletParamsSchema> },
): PreparedWallet {
  const walletId = createId()
  const mnemonicLength = (wallet.mnemonicLength ?? 12) as 12 | 15 | 18 | 21 | 24
  const mnemonic = generateMnemonic(mnemonicLength)
  const accounts: Insertable<WalletAccountTable>[] = deriveAccountRows(ctx, {
    organizationId,
    walletId,
    mnemonic,
    accounts: wallet.accounts,
    now,
  })
  const sealedMnemonic = ctx.vault.seal(new TextEncoder().encode(mnemonic), `wallet:${walletId}`)
  return {
    walletId,
    addresses: accounts.map((account) => account.address),
    async write(trx) {
      await trx
        .insertInto('wallets')
        .values({
          id: walletId,
          organization_id: organizationId,
          name: wallet.walletName,
          mnemonic_length: mnemonicLength,
          sealed_mnemonic: sealedMnemonic,
          exported: 0,
          imported: 0,
          created_at: now,
          updated_at: now,
        })
        .execute()
      if (accounts.length > 0) await trx.insertInto('wallet_accounts').values(accounts).execute()
    },
  }
}
