import type { Chain, Client, Hash, Hex, SignableMessage, Transport, TypedDataDefinition } from 'viem'
import type { BundlerClient, SmartAccount } from 'viem/account-abstraction'
import { waitForTransactionReceipt } from 'viem/actions'
import type { AccountCall } from '../accounts/encodeLightAccountCalls.js'
import { receiptWaitDefaults } from './receiptWaitDefaults.js'
import type { ResolvedClientOptions } from './resolveClientOptions.js'
import {
  type WaitForUserOperationTransactionParameters,
  waitForUserOperationTransaction,
} from './waitForUserOperationTransaction.js'

/** Values a caller may fix instead of letting the client estimate them. */
export type UserOperationOverrides = {
  callGasLimit?: bigint | undefined
  verificationGasLimit?: bigint | undefined
  preVerificationGas?: bigint | undefined
  maxFeePerGas?: bigint | undefined
  maxPriorityFeePerGas?: bigint | undefined
  nonce?: bigint | undefined
}

export type SendCallsParameters = { calls: readonly AccountCall[] } & UserOperationOverrides

export type SmartAccountActions = {
  /** Sends one user operation with the calls (a batch when several); answers its hash as `id`. */
  sendCalls: (parameters: SendCallsParameters) => Promise<{ id: Hash }>
  /** Sends the calls, waits for the including transaction and its receipt; answers the transaction hash. */
  sendTransactions: (parameters: SendCallsParameters) => Promise<Hash>
  /** `sendTransactions` with one call. */
  sendTransaction: (parameters: AccountCall & UserOperationOverrides) => Promise<Hash>
  waitForUserOperationTransaction: (parameters: WaitForUserOperationTransactionParameters) => Promise<Hash>
  /** The account's ERC-1271 signature, EIP-6492-wrapped while the account is not deployed. */
  signMessage: (parameters: { message: SignableMessage }) => Promise<Hex>
  /** The account's ERC-1271 typed-data signature, EIP-6492-wrapped while the account is not deployed. */
  signTypedData: (parameters: TypedDataDefinition) => Promise<Hex>
}

/**
 * The actions `createSmartAccountClient` adds to viem's bundler actions. `publicClient` waits for
 * transaction receipts (180 000 ms, 6 retries, `200 ms × 2^attempt`, docs/account-kit.md#constants).
 *
 * @example
 * bundlerClient.extend((client) => smartAccountActions(client, { publicClient, options }))
 */
export function smartAccountActions(
  client: BundlerClient<Transport, Chain, SmartAccount>,
  { publicClient, options }: { publicClient: Client; options: ResolvedClientOptions },
): SmartAccountActions {
  const account = client.account
  const sendCalls = async ({ calls, ...overrides }: SendCallsParameters) => ({
    id: await client.sendUserOperation({ calls, ...overrides } as never),
  })
  const sendTransactions = async (parameters: SendCallsParameters) => {
    const { id } = await sendCalls(parameters)
    const hash = await waitForUserOperationTransaction(client, { hash: id }, options)
    await waitForTransactionReceipt(publicClient, { hash, ...receiptWaitDefaults })
    return hash
  }
  return {
    sendCalls,
    sendTransactions,
    sendTransaction: ({ to, data, value, ...overrides }) =>
      sendTransactions({ calls: [{ to, data, value }], ...overrides }),
    waitForUserOperationTransaction: (parameters) =>
      waitForUserOperationTransaction(client, parameters, options),
    signMessage: ({ message }) => account.signMessage({ message }),
    signTypedData: (typedData) => account.signTypedData(typedData),
  }
}
