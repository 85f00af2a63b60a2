import type { V1Wallet } from '@sigil/protocol'
import type { Selectable } from 'kysely'
import type { WalletTable } from '../../store/schema.js'
import { toTimestamp } from './toTimestamp.js'

/** The wallet columns a query may read for `v1Wallet` (everything but the sealed mnemonic). */
export const walletColumns = [
  'id',
  'organization_id',
  'name',
  'mnemonic_length',
  'exported',
  'imported',
  'created_at',
  'updated_at',
] as const

/** Stored wallet row → `v1Wallet`. Never includes the sealed mnemonic. */
export function toV1Wallet(row: Omit<Selectable<WalletTable>, 'sealed_mnemonic' | 'secret_kind'>): V1Wallet {
  return {
    walletId: row.id,
    walletName: row.name,
    createdAt: toTimestamp(row.created_at),
    updatedAt: toTimestamp(row.updated_at),
    exported: Boolean(Number(row.exported)),
    imported: Boolean(Number(row.imported)),
  }
}
