import { removeEmail } from '@sigil/core'
import { useMutation } from '@tanstack/react-query'
import { useSigilContext } from '../context/useSigilContext.js'
import type { MutationParameters } from './MutationParameters.js'

export type UseRemoveEmailParameters = MutationParameters<void, void>

export type UseRemoveEmailReturnType = {
  removeEmail: () => void
  removeEmailAsync: () => Promise<void>
  isRemovingEmail: boolean
  error: Error | null
}

/**
 * Removes the signed-in user's email, which then no longer signs them in (core `removeEmail`).
 *
 * @example
 * const { removeEmail, isRemovingEmail } = useRemoveEmail()
 */
export function useRemoveEmail(parameters: UseRemoveEmailParameters = {}): UseRemoveEmailReturnType {
  const { config } = useSigilContext('useRemoveEmail')
  const { mutate, mutateAsync, isPending, error } = useMutation({
    ...parameters,
    mutationKey: ['removeEmail'],
    mutationFn: () => removeEmail(config),
  })
  return {
    removeEmail: () => mutate(),
    removeEmailAsync: () => mutateAsync(),
    isRemovingEmail: isPending,
    error,
  }
}
