import { createWalletClient, custom, type WalletClient } from 'viem'
import type { WalletConnection } from './WalletProvider.js'

/**
 * A viem wallet client over a connected external wallet (its account, its EIP-1193 provider), for
 * signing with it: `personal_sign`, `eth_signTypedData_v4`.
 *
 * @example
 * const signature = await toWalletClient(connection).signMessage({ account: connection.address, message: 'hello' })
 */
export function toWalletClient(connection: WalletConnection): WalletClient {
  return createWalletClient({ account: connection.address, transport: custom(connection.provider) })
}
