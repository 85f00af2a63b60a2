import { type AuthMethods, listAuthMethods } from '@sigil/core'
import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { useSigilContext } from '../context/useSigilContext.js'
import { useSigner } from './useSigner.js'
import { useSignerStatus } from './useSignerStatus.js'
import { useUser } from './useUser.js'

/** The query key of {@link useListAuthMethods}: `['list-auth-methods', orgId]`, as Account Kit's. */
export const getListAuthMethodsQueryKey = (orgId: string | undefined) => ['list-auth-methods', orgId] as const

/**
 * The signed-in user's sign-in methods (core `listAuthMethods`): proven email, phone, linked OAuth
 * providers and passkeys, as a TanStack query that runs while signed in. `useAddOauthProvider` and
 * `useRemoveOauthProvider` refresh it.
 *
 * @example
 * const { data: methods } = useListAuthMethods()
 * methods?.oauthProviders.map((provider) => provider.providerName)
 */
export function useListAuthMethods(): UseQueryResult<AuthMethods> {
  const { config } = useSigilContext('useListAuthMethods')
  const user = useUser()
  const signer = useSigner()
  const { isConnected } = useSignerStatus()
  return useQuery({
    queryKey: getListAuthMethodsQueryKey(user?.orgId),
    queryFn: () => listAuthMethods(config),
    enabled: user?.type === 'sca' && signer !== null && isConnected,
  })
}
