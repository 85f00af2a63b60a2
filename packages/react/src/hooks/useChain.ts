import { getChain, setChain, watchChain } from '@sigil/core'
import { useMutation } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'
import type { Chain } from 'viem'
import { useSigilContext } from '../context/useSigilContext.js'
import type { MutationParameters } from './MutationParameters.js'

export type SetChainVariables = { chain: Chain }

export type UseChainParameters = MutationParameters<void, SetChainVariables>

export type UseChainReturnType = {
  /** The active chain. */
  chain: Chain
  /** Switches to a chain of the config (else `ChainNotFoundError`). */
  setChain: (variables: SetChainVariables) => void
  setChainAsync: (variables: SetChainVariables) => Promise<void>
  isSettingChain: boolean
  error: Error | null
}

/**
 * The active chain (`getChain` / `watchChain`) and `setChain` (core `setChain`: the chain must be
 * one of the config's).
 *
 * @example
 * const { chain, setChain, isSettingChain } = useChain()
 * setChain({ chain: baseSepolia })
 */
export function useChain(parameters: UseChainParameters = {}): UseChainReturnType {
  const { config } = useSigilContext('useChain')
  const subscribe = useCallback((onChange: () => void) => watchChain(config)(onChange), [config])
  const getSnapshot = useCallback(() => getChain(config), [config])
  const chain = useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
  const { mutate, mutateAsync, isPending, error } = useMutation({
    ...parameters,
    mutationKey: ['setChain'],
    mutationFn: async ({ chain }: SetChainVariables) => setChain(config, chain),
  })
  return { chain, setChain: mutate, setChainAsync: mutateAsync, isSettingChain: isPending, error }
}
