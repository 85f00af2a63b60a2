import {
  type SendCallsParameters,
  type SendCallsReturnType,
  type SmartAccountClient,
  sendCalls,
} from '@sigil/core'
import { useMutation } from '@tanstack/react-query'
import { SmartAccountClientNotReadyError } from '../context/errors/SmartAccountClientNotReadyError.js'
import type { MutationParameters } from './MutationParameters.js'

export type UseSendCallsParameters = {
  client: SmartAccountClient | undefined
} & MutationParameters<SendCallsReturnType, SendCallsParameters>

export type UseSendCallsReturnType = {
  sendCalls: (parameters: SendCallsParameters) => void
  sendCallsAsync: (parameters: SendCallsParameters) => Promise<SendCallsReturnType>
  /** The last result: `{ id }`, the user operation's hash. */
  sendCallsResult: SendCallsReturnType | undefined
  isSendingCalls: boolean
  error: Error | null
}

/**
 * Sends calls (`{ to, data?, value? }`) from a smart-account client as one user operation, a batch
 * when several (core `sendCalls`).
 *
 * @example
 * const { sendCalls, sendCallsResult } = useSendCalls({ client })
 * sendCalls({ calls: [{ to, value: 0n }, { to: token, data }] })
 */
export function useSendCalls(parameters: UseSendCallsParameters): UseSendCallsReturnType {
  const { client, ...mutation } = parameters
  const { mutate, mutateAsync, data, isPending, error } = useMutation({
    ...mutation,
    mutationKey: ['sendCalls'],
    mutationFn: (variables: SendCallsParameters) => {
      if (!client) throw new SmartAccountClientNotReadyError()
      return sendCalls(client, variables)
    },
  })
  return {
    sendCalls: mutate,
    sendCallsAsync: mutateAsync,
    sendCallsResult: data,
    isSendingCalls: isPending,
    error,
  }
}
