import type { SendCallsParameters as AccountSendCallsParameters, SmartAccountClient } from '@sigil/accounts'
import type { Hash } from 'viem'

export type SendCallsParameters = AccountSendCallsParameters

export type SendCallsReturnType = {
  /** The user operation's hash (the calls go in one operation, batched when several). */
  id: Hash
}

/**
 * Sends calls (`{ to, data?, value? }`) from a smart-account client as one user operation, a batch
 * when there are several, and answers its hash as `id` (wait for it with
 * `waitForUserOperationTransaction`).
 *
 * @example
 * const { id } = await sendCalls(client, { calls: [{ to, value: 0n }, { to: token, data }] })
 */
export function sendCalls(
  client: SmartAccountClient,
  parameters: SendCallsParameters,
): Promise<SendCallsReturnType> {
  return client.sendCalls(parameters)
}
