import { connectExternalWallet, type WalletConnection, type WalletConnector } from '@sigil/core'
import { useMutation } from '@tanstack/react-query'
import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { useSigilContext } from '../context/useSigilContext.js'
import type { MutationParameters } from './MutationParameters.js'

export type ConnectVariables = {
  /** One of `connectors`, or `'walletConnect'` (which fails with the spec's error when not configured). */
  connector: WalletConnector | 'walletConnect'
}

export type UseConnectParameters = MutationParameters<WalletConnection, ConnectVariables>

export type UseConnectReturnType = {
  /** Announced browser wallets (EIP-6963), then WalletConnect when the UI options configure it. */
  connectors: readonly WalletConnector[]
  connect: (variables: ConnectVariables) => void
  connectAsync: (variables: ConnectVariables) => Promise<WalletConnection>
  /** The connection the last `connect` made. */
  data: WalletConnection | undefined
  isPending: boolean
  error: Error | null
  reset: () => void
}

/**
 * External wallets: the browser wallets that announced themselves (EIP-6963) plus WalletConnect
 * (with `walletConnect` settings in an `external_wallets` section of the UI options), and `connect`
 * (core `connectExternalWallet`), which asks the wallet for its accounts and puts it on the app's chain. While connected, `useUser`
 * is the wallet's address (`type: 'eoa'`), the signing hooks sign with it, and `useLogout` forgets it.
 * Errors: `WalletChainNotFoundError` ('ChainId not found'), `WalletConnectParamsNotFoundError`,
 * `WalletConnectNotInstalledError`, the wallet's own refusal (code 4001).
 *
 * @example
 * const { connectors, connect, isPending, error } = useConnect()
 * connectors.map((connector) => <button onClick={() => connect({ connector })}>{connector.name}</button>)
 */
export function useConnect(parameters: UseConnectParameters = {}): UseConnectReturnType {
  const { config, wallets, walletConnect } = useSigilContext('useConnect')
  const getInjected = useCallback(() => wallets.getState().injected, [wallets])
  const injected = useSyncExternalStore(wallets.subscribe, getInjected, getInjected)
  const connectors = useMemo(
    () => (walletConnect ? [...injected, walletConnect] : injected),
    [injected, walletConnect],
  )
  const { mutate, mutateAsync, data, isPending, error, reset } = useMutation({
    ...parameters,
    mutationKey: ['connect'],
    mutationFn: async ({ connector }: ConnectVariables) =>
      (await connectExternalWallet(config, { wallets, walletConnect, connector })).connection,
  })
  return { connectors, connect: mutate, connectAsync: mutateAsync, data, isPending, error, reset }
}
