import { type DeleteAccountParameters, deleteAccount } from '@sigil/core'
import { useMutation } from '@tanstack/react-query'
import { useSigilContext } from '../context/useSigilContext.js'
import type { MutationParameters } from './MutationParameters.js'

export type UseDeleteAccountParameters = MutationParameters<void, DeleteAccountParameters | undefined>

export type UseDeleteAccountReturnType = {
  deleteAccount: (parameters?: DeleteAccountParameters) => void
  deleteAccountAsync: (parameters?: DeleteAccountParameters) => Promise<void>
  isDeleting: boolean
  error: Error | null
}

/**
 * Deletes the signed-in user's account for good (core `deleteAccount`), then puts the sign-in UI
 * back at its first step. Ask the user to confirm first and to export the wallet before: funds left
 * at the addresses become unreachable. Fails with `FRESH_SIGN_IN_REQUIRED` for a sign-in older than
 * 5 minutes and `MfaRequiredError` for a user with two-factor and no code.
 *
 * @example
 * const { deleteAccount, isDeleting, error } = useDeleteAccount()
 * <button onClick={() => deleteAccount()} disabled={isDeleting}>Delete my account</button>
 */
export function useDeleteAccount(parameters: UseDeleteAccountParameters = {}): UseDeleteAccountReturnType {
  const { config, authModal } = useSigilContext('useDeleteAccount')
  const { mutate, mutateAsync, isPending, error } = useMutation({
    ...parameters,
    mutationKey: ['deleteAccount'],
    mutationFn: async (variables?: DeleteAccountParameters) => {
      await deleteAccount(config, variables)
      authModal.setState({ authStep: { type: 'initial' } })
    },
  })
  return {
    deleteAccount: (variables) => mutate(variables),
    deleteAccountAsync: (variables) => mutateAsync(variables),
    isDeleting: isPending,
    error,
  }
}
