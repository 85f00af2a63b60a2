import type { LocalAccount } from 'viem'
import { toAccount } from 'viem/accounts'
import type { SignerClient } from '../client/SignerClient.js'
import { requireUser } from '../store/requireUser.js'
import { signAuthorization } from './signAuthorization.js'
import { signMessage } from './signMessage.js'
import { signRawMessage } from './signRawMessage.js'
import { signTransaction } from './signTransaction.js'
import { signTypedData } from './signTypedData.js'

export type ToViemAccountReturnType = LocalAccount<'custom'>

/**
 * The signed-in user's Ethereum wallet as a viem `LocalAccount` (source `'custom'`), for viem
 * wallet clients and smart-account owners. Every signature goes through the signer's actions.
 * Throws `NotAuthenticatedError` when nobody is signed in.
 *
 * @example
 * const account = toViemAccount(signer)
 * const client = createWalletClient({ account, chain: mainnet, transport: http() })
 * await client.signMessage({ message: 'hello' })
 */
export function toViemAccount(client: SignerClient): ToViemAccountReturnType {
  const { address } = requireUser(client)
  // viem types `toAccount`'s answer as `LocalAccount<string>`; its `source` is always `'custom'`.
  return toAccount({
    address,
    sign: ({ hash }) => signRawMessage(client, { message: hash }),
    signMessage: ({ message }) => signMessage(client, { message }),
    signTypedData: (typedData) => signTypedData(client, typedData),
    signTransaction: (transaction, options) =>
      signTransaction(client, { transaction, serializer: options?.serializer }),
    signAuthorization: (authorization) => signAuthorization(client, authorization),
  }) as ToViemAccountReturnType
}
