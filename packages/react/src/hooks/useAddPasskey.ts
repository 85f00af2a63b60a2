import { type AddPasskeyParameters, type AddPasskeyReturnType, addPasskey } from '@sigil/core'
import { useMutation } from '@tanstack/react-query'
import { useSigilContext } from '../context/useSigilContext.js'
import type { MutationParameters } from './MutationParameters.js'

export type UseAddPasskeyParameters = MutationParameters<
  AddPasskeyReturnType,
  AddPasskeyParameters | undefined
>

export type UseAddPasskeyReturnType = {
  /** Asks the browser for a new passkey and adds it to the user; `creationOpts` as WebAuthn's. */
  addPasskey: (parameters?: AddPasskeyParameters) => void
  addPasskeyAsync: (parameters?: AddPasskeyParameters) => Promise<AddPasskeyReturnType>
  isAddingPasskey: boolean
  error: Error | null
}

/**
 * Adds a passkey to the signed-in user (core `addPasskey`; browser only), e.g. after a sign-up.
 *
 * @example
 * const { addPasskey, isAddingPasskey } = useAddPasskey({ onSuccess: () => next() })
 * <button onClick={() => addPasskey()} disabled={isAddingPasskey}>Add a passkey</button>
 */
export function useAddPasskey(parameters: UseAddPasskeyParameters = {}): UseAddPasskeyReturnType {
  const { config } = useSigilContext('useAddPasskey')
  const { mutate, mutateAsync, isPending, error } = useMutation({
    ...parameters,
    mutationKey: ['addPasskey'],
    mutationFn: (variables: AddPasskeyParameters | undefined) => addPasskey(config, variables ?? {}),
  })
  return {
    addPasskey: (variables) => mutate(variables),
    addPasskeyAsync: (variables) => mutateAsync(variables),
    isAddingPasskey: isPending,
    error,
  }
}
