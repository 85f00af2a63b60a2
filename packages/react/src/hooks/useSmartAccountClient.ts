import {
  type GetSmartAccountClientParameters,
  getSmartAccountClient,
  getSmartAccountState,
  type SmartAccountClientOfType,
  type SmartAccountType,
  watchSmartAccountClient,
} from '@sigil/core'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'
import type { Address } from 'viem'
import { useSigilContext } from '../context/useSigilContext.js'
import { useChain } from './useChain.js'
import { useUser } from './useUser.js'

export type UseSmartAccountClientParameters<type extends SmartAccountType = SmartAccountType> =
  GetSmartAccountClientParameters<type>

export type UseSmartAccountClientReturnType<type extends SmartAccountType = SmartAccountType> = {
  /** The client, once built; `undefined` while building, signed out, or with an external wallet. */
  client: SmartAccountClientOfType<type> | undefined
  /** The account's address (known from the store before the client is rebuilt after a reload), or the external wallet's. */
  address: Address | undefined
  isLoadingClient: boolean
  error: Error | null
}

/**
 * The signed-in user's smart account of `type` on the active chain (core `getSmartAccountClient`):
 * built when the user is signed in, again when the chain, the user or the parameters change. With an
 * external wallet connected there is no smart account: `{ client: undefined, address: <wallet> }`.
 *
 * @example
 * const { client, address, isLoadingClient } = useSmartAccountClient({ type: 'LightAccount' })
 */
export function useSmartAccountClient<type extends SmartAccountType>(
  parameters: UseSmartAccountClientParameters<type>,
): UseSmartAccountClientReturnType<type> {
  const { config } = useSigilContext('useSmartAccountClient')
  const { type, accountParams, pollingInterval, policyId, clientOptions } = parameters
  const user = useUser()
  const { chain } = useChain()
  const subscribe = useCallback(
    (onChange: () => void) => watchSmartAccountClient(config, { type })(onChange),
    [config, type],
  )
  const getSnapshot = useCallback(() => getSmartAccountState(config, { type }), [config, type])
  const record = useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
  const owner = user?.type === 'sca' ? user.address : undefined
  const { data, isFetching, error } = useQuery({
    queryKey: [
      'smartAccountClient',
      chain.id,
      type,
      owner,
      toKey([accountParams, pollingInterval, policyId, clientOptions]),
    ],
    queryFn: () =>
      getSmartAccountClient(config, { type, accountParams, pollingInterval, policyId, clientOptions }),
    enabled: owner !== undefined,
    // A client is built once per key and holds functions: never refetched, never compared deeply.
    staleTime: Number.POSITIVE_INFINITY,
    structuralSharing: false,
    retry: false,
  })
  if (user?.type === 'eoa')
    return { client: undefined, address: user.address, isLoadingClient: false, error: null }
  // After a disconnect the record is gone: a client of the query cache is not the user's any more.
  const current = owner !== undefined && record?.owner === owner
  return {
    client: current ? data : undefined,
    address: current ? (data?.account.address ?? record?.address) : undefined,
    isLoadingClient: owner !== undefined && isFetching,
    error,
  }
}

/** The parameters as a query-key string (bigints, e.g. a salt, are not JSON). */
function toKey(parameters: unknown): string {
  return JSON.stringify(parameters, (_key, value: unknown) =>
    typeof value === 'bigint' ? `${value}n` : value,
  )
}
