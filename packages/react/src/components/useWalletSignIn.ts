import type { WalletConnector } from '@sigil/core'
import { useCallback } from 'react'
import { useConnect } from '../hooks/useConnect.js'
import { toError } from '../ui/toError.js'
import { useAuthStep } from './useAuthStep.js'

/**
 * Connects an external wallet through the wallet steps: a browser wallet through eoa_connect
 * ('Connecting to {wallet}'), WalletConnect through wallet_connect; success completes, a failure
 * draws the wallet error screen. Also gives the connectors to list (browser wallets, then WalletConnect).
 *
 * @example
 * const { connectors, connectWallet } = useWalletSignIn()
 * connectors.map((connector) => <button onClick={() => connectWallet(connector)}>{connector.name}</button>)
 */
export function useWalletSignIn() {
  const { connectors, connectAsync } = useConnect()
  const { dispatch } = useAuthStep()
  const connectWallet = useCallback(
    async (connector: WalletConnector | 'walletConnect') => {
      const isWalletConnect = connector === 'walletConnect' || connector.type === 'walletConnect'
      const step = isWalletConnect ? 'wallet_connect' : 'eoa_connect'
      if (isWalletConnect) dispatch({ type: 'WALLETCONNECT_CONNECTING' })
      else
        dispatch({
          type: 'WALLET_CONNECTING',
          wallet: { id: connector.id, name: connector.name, icon: connector.icon },
        })
      try {
        await connectAsync({ connector })
        dispatch({ type: 'COMPLETE' }, step)
      } catch (error) {
        dispatch({ type: 'FAILED', error: toError(error) }, step)
      }
    },
    [connectAsync, dispatch],
  )
  return { connectors, connectWallet }
}
