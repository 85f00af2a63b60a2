import {
  type DropAndReplaceUserOperationParameters,
  type DropAndReplaceUserOperationReturnType,
  dropAndReplaceUserOperation,
  type SmartAccountClient,
} from '@sigil/core'
import { useMutation } from '@tanstack/react-query'
import { SmartAccountClientNotReadyError } from '../context/errors/SmartAccountClientNotReadyError.js'
import type { MutationParameters } from './MutationParameters.js'

export type UseDropAndReplaceUserOperationParameters = {
  /** The smart-account client (`useSmartAccountClient`) that sent the operation; without one it throws. */
  client: SmartAccountClient | undefined
} & MutationParameters<DropAndReplaceUserOperationReturnType, DropAndReplaceUserOperationParameters>

export type UseDropAndReplaceUserOperationReturnType = {
  dropAndReplaceUserOperation: (variables: DropAndReplaceUserOperationParameters) => void
  dropAndReplaceUserOperationAsync: (
    variables: DropAndReplaceUserOperationParameters,
  ) => Promise<DropAndReplaceUserOperationReturnType>
  /** The replacement: `{ hash, request }`. */
  dropAndReplaceUserOperationResult: DropAndReplaceUserOperationReturnType | undefined
  isDroppingAndReplacingUserOperation: boolean
  error: Error | null
}

/**
 * Replaces a pending user operation with the same one at fees 10 % higher (docs/account-kit.md#react
 * `useDropAndReplaceUserOperation`; `dropAndReplaceUserOperation`), e.g. one stuck in the bundler's
 * mempool: pass the `request` that `useSendUserOperation` answered.
 *
 * @example
 * const { sendUserOperationResult } = useSendUserOperation({ client })
 * const { dropAndReplaceUserOperation } = useDropAndReplaceUserOperation({ client })
 * dropAndReplaceUserOperation({ uoToDrop: sendUserOperationResult.request })
 */
export function useDropAndReplaceUserOperation(
  parameters: UseDropAndReplaceUserOperationParameters,
): UseDropAndReplaceUserOperationReturnType {
  const { client, ...mutation } = parameters
  const { mutate, mutateAsync, data, isPending, error } = useMutation({
    ...mutation,
    mutationKey: ['dropAndReplaceUserOperation'],
    mutationFn: (variables: DropAndReplaceUserOperationParameters) => {
      if (!client) throw new SmartAccountClientNotReadyError()
      return dropAndReplaceUserOperation(client, variables)
    },
  })
  return {
    dropAndReplaceUserOperation: mutate,
    dropAndReplaceUserOperationAsync: mutateAsync,
    dropAndReplaceUserOperationResult: data,
    isDroppingAndReplacingUserOperation: isPending,
    error,
  }
}
