import { type Address, createClient, custom, type SignableMessage, type TypedDataDefinition } from 'viem'
import { signMessage, signTypedData } from 'viem/actions'
import type { WalletConnection } from './WalletProvider.js'

/**
 * What `signMessage` and `signTypedData` ask of a connected external wallet: viem's `signMessage`
 * (`personal_sign`) and `signTypedData` (`eth_signTypedData_v4`) actions on a bare viem client over the
 * wallet's EIP-1193 provider, the same requests `toWalletClient` makes without the rest of a wallet
 * client (apps/demo/bench/README.md).
 *
 * @example
 * const signature = await toWalletSigner(connection).signMessage('hello')
 */
export function toWalletSigner(connection: WalletConnection) {
  const account: Address = connection.address
  const client = createClient({ account, transport: custom(connection.provider) })
  return {
    signMessage: (message: SignableMessage) => signMessage(client, { account, message }),
    signTypedData: (typedData: TypedDataDefinition) => signTypedData(client, { account, ...typedData }),
  }
}
