import type { SmartAccountClient } from '@sigil/accounts'
import type { Hash, Hex } from 'viem'
import type { SmartAccount, UserOperation } from 'viem/account-abstraction'

/** One call of a user operation (docs/account-kit.md#react): the target, its call data, and the wei sent. */
export type UserOperationCall = { target: Hex; data?: Hex | undefined; value?: bigint | undefined }

export type SendUserOperationParameters = {
  /** One call, or several sent as one batch. */
  uo: UserOperationCall | readonly UserOperationCall[]
  /** Wait for the transaction that includes the operation; `hash` is then the transaction hash. */
  waitForTxn?: boolean | undefined
}

export type SendUserOperationReturnType = {
  /** The user-operation hash, or with `waitForTxn` the hash of the transaction that included it. */
  hash: Hash
  /** The user operation as signed and sent. */
  request: UserOperation
}

/**
 * Sends a user operation from a smart-account client (`getSmartAccountClient`), sponsored when the
 * client has a gas policy. With `waitForTxn` it waits for the including transaction (the client's
 * retry rules) and answers that transaction's hash.
 *
 * @example
 * const { hash } = await sendUserOperation(client, { uo: { target: to, data: '0x', value: 0n }, waitForTxn: true })
 */
export async function sendUserOperation(
  client: SmartAccountClient,
  { uo, waitForTxn = false }: SendUserOperationParameters,
): Promise<SendUserOperationReturnType> {
  const calls = (Array.isArray(uo) ? uo : [uo]).map(({ target, data, value }: UserOperationCall) => ({
    to: target,
    data: data ?? '0x',
    value: value ?? 0n,
  }))
  let request: UserOperation | undefined
  // The account signs the operation exactly as it is sent: that is the request to report.
  const account: SmartAccount = {
    ...client.account,
    signUserOperation: async (operation) => {
      const signature = await client.account.signUserOperation(operation)
      request = { ...operation, sender: client.account.address, signature } as UserOperation
      return signature
    },
  }
  const userOperationHash = await client.sendUserOperation({ account, calls })
  if (!waitForTxn) return { hash: userOperationHash, request: request! }
  const hash = await client.waitForUserOperationTransaction({ hash: userOperationHash })
  return { hash, request: request! }
}
