import {
  type SmartAccountClient,
  type WaitForUserOperationTransactionParameters,
  type WaitForUserOperationTransactionReturnType,
  waitForUserOperationTransaction,
} from '@sigil/core'
import { useMutation } from '@tanstack/react-query'
import { SmartAccountClientNotReadyError } from '../context/errors/SmartAccountClientNotReadyError.js'
import type { MutationParameters } from './MutationParameters.js'

export type UseWaitForUserOperationTransactionParameters = {
  client: SmartAccountClient | undefined
} & MutationParameters<WaitForUserOperationTransactionReturnType, WaitForUserOperationTransactionParameters>

export type UseWaitForUserOperationTransactionReturnType = {
  waitForUserOperationTransaction: (parameters: WaitForUserOperationTransactionParameters) => void
  waitForUserOperationTransactionAsync: (
    parameters: WaitForUserOperationTransactionParameters,
  ) => Promise<WaitForUserOperationTransactionReturnType>
  /** The hash of the transaction that included the operation. */
  waitForUserOperationTransactionResult: WaitForUserOperationTransactionReturnType | undefined
  isWaitingForUserOperationTransaction: boolean
  error: Error | null
}

/**
 * Waits for the transaction that includes a user operation (core `waitForUserOperationTransaction`,
 * the client's retry rules unless `retries` overrides them).
 *
 * @example
 * const { waitForUserOperationTransaction, waitForUserOperationTransactionResult } = useWaitForUserOperationTransaction({ client })
 * waitForUserOperationTransaction({ hash: userOperationHash })
 */
export function useWaitForUserOperationTransaction(
  parameters: UseWaitForUserOperationTransactionParameters,
): UseWaitForUserOperationTransactionReturnType {
  const { client, ...mutation } = parameters
  const { mutate, mutateAsync, data, isPending, error } = useMutation({
    ...mutation,
    mutationKey: ['waitForUserOperationTransaction'],
    mutationFn: (variables: WaitForUserOperationTransactionParameters) => {
      if (!client) throw new SmartAccountClientNotReadyError()
      return waitForUserOperationTransaction(client, variables)
    },
  })
  return {
    waitForUserOperationTransaction: mutate,
    waitForUserOperationTransactionAsync: mutateAsync,
    waitForUserOperationTransactionResult: data,
    isWaitingForUserOperationTransaction: isPending,
    error,
  }
}
