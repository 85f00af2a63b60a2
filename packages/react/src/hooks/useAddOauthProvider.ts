import { type AddOauthProviderParameters, addOauthProvider, type OauthProviderInfo } from '@sigil/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useSigilContext } from '../context/useSigilContext.js'
import type { MutationParameters } from './MutationParameters.js'
import { getListAuthMethodsQueryKey } from './useListAuthMethods.js'
import { useUser } from './useUser.js'

export type UseAddOauthProviderParameters = MutationParameters<OauthProviderInfo, AddOauthProviderParameters>

export type UseAddOauthProviderReturnType = {
  /** Links the provider account of an ID token fetched for linking to the signed-in user. */
  addOauthProvider: (parameters: AddOauthProviderParameters) => void
  addOauthProviderAsync: (parameters: AddOauthProviderParameters) => Promise<OauthProviderInfo>
  isAddingOauthProvider: boolean
  error: Error | null
}

/**
 * Links a provider account to the signed-in user (core `addOauthProvider`), then refreshes
 * `useListAuthMethods`.
 *
 * @example
 * const { addOauthProvider } = useAddOauthProvider()
 * addOauthProvider({ providerName: 'google', oidcToken })
 */
export function useAddOauthProvider(
  parameters: UseAddOauthProviderParameters = {},
): UseAddOauthProviderReturnType {
  const { config } = useSigilContext('useAddOauthProvider')
  const queryClient = useQueryClient()
  const user = useUser()
  const { mutate, mutateAsync, isPending, error } = useMutation({
    ...parameters,
    mutationKey: ['addOauthProvider'],
    mutationFn: async (variables: AddOauthProviderParameters) => {
      const result = await addOauthProvider(config, variables)
      await queryClient.invalidateQueries({ queryKey: getListAuthMethodsQueryKey(user?.orgId) })
      return result
    },
  })
  return {
    addOauthProvider: (variables) => mutate(variables),
    addOauthProviderAsync: (variables) => mutateAsync(variables),
    isAddingOauthProvider: isPending,
    error,
  }
}
