import {
  type SendUserOperationParameters,
  type SendUserOperationReturnType,
  type SmartAccountClient,
  sendUserOperation,
} from '@sigil/core'
import { useMutation } from '@tanstack/react-query'
import { SmartAccountClientNotReadyError } from '../context/errors/SmartAccountClientNotReadyError.js'
import type { MutationParameters } from './MutationParameters.js'

export type SendUserOperationVariables = Omit<SendUserOperationParameters, 'waitForTxn'>

export type UseSendUserOperationParameters = {
  /** The smart-account client (`useSmartAccountClient`); sending without one throws. */
  client: SmartAccountClient | undefined
  /** Wait for the including transaction; the result's `hash` is then the transaction hash. Default false. */
  waitForTxn?: boolean | undefined
} & MutationParameters<SendUserOperationReturnType, SendUserOperationVariables>

export type UseSendUserOperationReturnType = {
  sendUserOperation: (variables: SendUserOperationVariables) => void
  sendUserOperationAsync: (variables: SendUserOperationVariables) => Promise<SendUserOperationReturnType>
  /** The last result: `{ hash, request }`. */
  sendUserOperationResult: SendUserOperationReturnType | undefined
  isSendingUserOperation: boolean
  error: Error | null
}

/**
 * Sends a user operation from a smart-account client (core `sendUserOperation`), sponsored when the
 * config's chain has a gas policy.
 *
 * @example
 * const { client } = useSmartAccountClient({ type: 'LightAccount' })
 * const { sendUserOperation, sendUserOperationResult } = useSendUserOperation({ client, waitForTxn: true })
 * sendUserOperation({ uo: { target, data: '0x', value: 0n } })
 */
export function useSendUserOperation(
  parameters: UseSendUserOperationParameters,
): UseSendUserOperationReturnType {
  const { client, waitForTxn = false, ...mutation } = parameters
  const { mutate, mutateAsync, data, isPending, error } = useMutation({
    ...mutation,
    mutationKey: ['sendUserOperation'],
    mutationFn: (variables: SendUserOperationVariables) => {
      if (!client) throw new SmartAccountClientNotReadyError()
      return sendUserOperation(client, { ...variables, waitForTxn })
    },
  })
  return {
    sendUserOperation: mutate,
    sendUserOperationAsync: mutateAsync,
    sendUserOperationResult: data,
    isSendingUserOperation: isPending,
    error,
  }
}
