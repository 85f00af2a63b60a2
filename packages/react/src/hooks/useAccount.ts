import {
  getSmartAccountClient,
  getSmartAccountState,
  type SmartAccountOfType,
  type SmartAccountParameters,
  type SmartAccountType,
  watchSmartAccountClient,
} from '@sigil/core'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'
import type { Address } from 'viem'
import { useSigilContext } from '../context/useSigilContext.js'
import { useChain } from './useChain.js'
import { useUser } from './useUser.js'

export type UseAccountParameters<type extends SmartAccountType> = {
  type: type
  /** The account type's options (`version`, `salt`, `owners`, `mode`, …); the owner is the signed-in user. */
  accountParams?: SmartAccountParameters[type] | undefined
  /** Do not build the account: report only the address the store knows from before. */
  skipCreate?: boolean | undefined
}

export type UseAccountReturnType<type extends SmartAccountType> = {
  /** The viem smart account, once built; `undefined` signed out, while building, or with `skipCreate`. */
  account: SmartAccountOfType[type] | undefined
  /** Its address: the built account's, else the store's record of it. */
  address: Address | undefined
  isLoadingAccount: boolean
}

const toKey = (value: unknown) =>
  JSON.stringify(value ?? null, (_, each) => (typeof each === 'bigint' ? `${each}n` : each))

/**
 * The signed-in user's smart account of `type` on the active chain (docs/account-kit.md#react
 * `useAccount`; core `getSmartAccountClient`'s account and `getSmartAccountState`): built once the
 * user is signed in, again for another chain, user or `accountParams`. With `skipCreate` nothing is
 * built and `address` is what the store holds from an earlier build (e.g. before a reload).
 *
 * @example
 * const { account, address, isLoadingAccount } = useAccount({ type: 'LightAccount' })
 */
export function useAccount<type extends SmartAccountType>(
  parameters: UseAccountParameters<type>,
): UseAccountReturnType<type> {
  const { config } = useSigilContext('useAccount')
  const { type, accountParams, skipCreate = false } = parameters
  const user = useUser()
  const { chain } = useChain()
  const owner = user?.type === 'sca' ? user.address : undefined
  const subscribe = useCallback(
    (onChange: () => void) => watchSmartAccountClient(config, { type })(onChange),
    [config, type],
  )
  const getSnapshot = useCallback(() => getSmartAccountState(config, { type }), [config, type])
  const record = useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
  const enabled = owner !== undefined && !skipCreate
  const { data: account, isPending } = useQuery({
    queryKey: ['account', chain.id, type, owner, toKey(accountParams)],
    queryFn: async () =>
      (await getSmartAccountClient(config, { type, accountParams } as never))
        .account as SmartAccountOfType[type],
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    // A viem account holds functions and a client: compare by identity.
    structuralSharing: false,
  })
  const known = owner !== undefined && record?.owner === owner ? record.address : undefined
  return {
    account: enabled ? account : undefined,
    address: (enabled ? account?.address : undefined) ?? known,
    isLoadingAccount: enabled && isPending,
  }
}
