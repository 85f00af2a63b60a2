import type { AddressFormat, Curve, PathFormat, V1Wallet, V1WalletAccount } from '@sigil/protocol'
import type { Selectable } from 'kysely'
import type { WalletAccountTable } from '../../store/schema.js'
import { toTimestamp } from './toTimestamp.js'

/** The wallet-account columns a query may read for `v1WalletAccount` (everything but the sealed key). */
export const walletAccountColumns = [
  'id',
  'organization_id',
  'wallet_id',
  'curve',
  'path_format',
  'path',
  'address_format',
  'address',
  'public_key',
  'name',
  'created_at',
  'updated_at',
] as const

const caip2Prefixes: Record<string, string> = {
  ADDRESS_FORMAT_ETHEREUM: 'eip155',
  ADDRESS_FORMAT_SOLANA: 'solana',
}

/** Stored wallet-account row → `v1WalletAccount`. Never includes the sealed private key. */
export function toV1WalletAccount(
  row: Omit<Selectable<WalletAccountTable>, 'sealed_private_key'>,
  walletDetails?: V1Wallet,
): V1WalletAccount {
  const account: V1WalletAccount = {
    walletAccountId: row.id,
    organizationId: row.organization_id,
    walletId: row.wallet_id,
    curve: row.curve as Curve,
    pathFormat: row.path_format as PathFormat,
    path: row.path,
    addressFormat: row.address_format as AddressFormat,
    address: row.address,
    createdAt: toTimestamp(row.created_at),
    updatedAt: toTimestamp(row.updated_at),
    publicKey: row.public_key,
  }
  if (row.name) account.name = row.name
  const caip2Prefix = caip2Prefixes[row.address_format]
  if (caip2Prefix) account.caip2Prefix = caip2Prefix
  if (walletDetails) account.walletDetails = walletDetails
  return account
}
