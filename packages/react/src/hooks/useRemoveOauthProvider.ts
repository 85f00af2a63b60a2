import { type RemoveOauthProviderParameters, removeOauthProvider } from '@sigil/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useSigilContext } from '../context/useSigilContext.js'
import type { MutationParameters } from './MutationParameters.js'
import { getListAuthMethodsQueryKey } from './useListAuthMethods.js'
import { useUser } from './useUser.js'

export type UseRemoveOauthProviderParameters = MutationParameters<void, RemoveOauthProviderParameters>

export type UseRemoveOauthProviderReturnType = {
  /** Unlinks a provider account (by `providerId` from `useListAuthMethods`). */
  removeOauthProvider: (parameters: RemoveOauthProviderParameters) => void
  removeOauthProviderAsync: (parameters: RemoveOauthProviderParameters) => Promise<void>
  isRemovingOauthProvider: boolean
  error: Error | null
}

/**
 * Unlinks a provider account from the signed-in user (core `removeOauthProvider`), then refreshes
 * `useListAuthMethods`. The last way to sign in is never removed (the error's code is
 * `LAST_SIGN_IN_METHOD`).
 *
 * @example
 * const { removeOauthProvider } = useRemoveOauthProvider()
 * removeOauthProvider({ providerId })
 */
export function useRemoveOauthProvider(
  parameters: UseRemoveOauthProviderParameters = {},
): UseRemoveOauthProviderReturnType {
  const { config } = useSigilContext('useRemoveOauthProvider')
  const queryClient = useQueryClient()
  const user = useUser()
  const { mutate, mutateAsync, isPending, error } = useMutation({
    ...parameters,
    mutationKey: ['removeOauthProvider'],
    mutationFn: async (variables: RemoveOauthProviderParameters) => {
      const result = await removeOauthProvider(config, variables)
      await queryClient.invalidateQueries({ queryKey: getListAuthMethodsQueryKey(user?.orgId) })
      return result
    },
  })
  return {
    removeOauthProvider: (variables) => mutate(variables),
    removeOauthProviderAsync: (variables) => mutateAsync(variables),
    isRemovingOauthProvider: isPending,
    error,
  }
}
