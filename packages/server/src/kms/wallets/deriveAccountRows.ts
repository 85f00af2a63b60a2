import type { Insertable } from 'kysely'
import type { z } from 'zod'
import { ApiError } from '../../http/errors/ApiError.js'
import { createId } from '../../ids/createId.js'
import type { SigilContext } from '../../SigilContext.js'
import type { WalletAccountTable } from '../../store/schema.js'
import { deriveWalletAccount } from '../keys/deriveWalletAccount.js'
import { mnemonicToWalletSeed } from '../keys/mnemonicToWalletSeed.js'
import type { walletAccountParamsSchema } from './walletSchemas.js'

export type DeriveAccountRowsParameters = {
  organizationId: string
  walletId: string
  mnemonic: string
  /** The BIP-39 passphrase of an imported wallet (docs/protocol.md#importing-wallets-and-keys). @default '' */
  passphrase?: string | undefined
  accounts: z.output<typeof walletAccountParamsSchema>[]
  now: number
}

/**
 * Derives wallet accounts from a mnemonic and returns the rows to store, each with its private
 * key sealed by the vault (bound to the account id), so signing later needs no HD derivation.
 *
 * @example
 * const rows = deriveAccountRows(ctx, { organizationId, walletId, mnemonic, accounts, now })
 */
export function deriveAccountRows(
  ctx: SigilContext,
  { organizationId, walletId, mnemonic, passphrase, accounts, now }: DeriveAccountRowsParameters,
): Insertable<WalletAccountTable>[] {
  let seed: Uint8Array
  try {
    seed = mnemonicToWalletSeed({ mnemonic, passphrase })
  } catch (cause) {
    throw new ApiError('INTERNAL', 'stored wallet mnemonic is unreadable', { errorCode: 'INTERNAL', cause })
  }
  const rows = accounts.map((account) => {
    let derived: ReturnType<typeof deriveWalletAccount>
    try {
      derived = deriveWalletAccount({
        mnemonic,
        seed,
        curve: account.curve,
        path: account.path,
        addressFormat: account.addressFormat,
      })
    } catch (cause) {
      throw new ApiError('INVALID_ARGUMENT', `cannot derive account at ${account.path}`, {
        errorCode: 'REQUEST_INVALID',
        cause,
        details: cause instanceof Error ? cause.message.split('\n')[0] : undefined,
      })
    }
    const id = createId()
    const row = {
      id,
      organization_id: organizationId,
      wallet_id: walletId,
      curve: account.curve,
      path_format: account.pathFormat,
      path: account.path,
      address_format: account.addressFormat,
      address: derived.address,
      public_key: derived.publicKey,
      name: account.name ?? null,
      sealed_private_key: ctx.vault.seal(derived.privateKey, `wallet_account:${id}`),
      created_at: now,
      updated_at: now,
    }
    derived.privateKey.fill(0)
    return row
  })
  seed.fill(0)
  return rows
}
