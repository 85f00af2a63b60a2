import type { LocalAccount } from 'viem'
import { toAccount } from 'viem/accounts'
import type { SignerClient } from '../client/SignerClient.js'
import { requireUser } from '../store/requireUser.js'
import { signRawMessage } from './signRawMessage.js'

export type ToViemAccountReturnType = LocalAccount<'custom'>

/**
 * The signed-in user's Ethereum wallet as a viem `LocalAccount` (source `'custom'`), for viem
 * wallet clients and smart-account owners. Every signature goes through the signer's actions, the
 * ones that hash with viem loaded on their first call (as the signer's methods, `signerActions`).
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
    signMessage: async ({ message }) =>
      (await import('./signingActions.js')).signMessage(client, { message }),
    signTypedData: async (typedData) =>
      (await import('./signingActions.js')).signTypedData(client, typedData),
    signTransaction: async (transaction, options) =>
      (await import('./signingActions.js')).signTransaction(client, {
        transaction,
        serializer: options?.serializer,
      }),
    signAuthorization: async (authorization) =>
      (await import('./signingActions.js')).signAuthorization(client, authorization),
  }) as ToViemAccountReturnType
}
