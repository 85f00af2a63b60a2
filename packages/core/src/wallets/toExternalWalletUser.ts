import type { Address } from 'viem'

/** The user while an external wallet is connected: the wallet's address in every id field. */
export type ExternalWalletUser = { address: Address; orgId: Address; userId: Address; type: 'eoa' }

/**
 * The user an external wallet signs in as (Account Kit's EOA user): `orgId` and `userId` are its address.
 *
 * @example
 * toExternalWalletUser(connection.address) // { address, orgId: address, userId: address, type: 'eoa' }
 */
export function toExternalWalletUser(address: Address): ExternalWalletUser {
  return { address, orgId: address, userId: address, type: 'eoa' }
}
