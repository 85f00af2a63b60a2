import { getChain } from '../actions/getChain.js'
import { getConnection } from '../actions/getConnection.js'
import type { SigilConfig } from '../createConfig.js'
import { createWalletConnectConnector } from './createWalletConnectConnector.js'
import { createWalletStore, type WalletStore } from './createWalletStore.js'
import { findWalletConnectParameters, type WalletConnectUiOptions } from './findWalletConnectParameters.js'
import type { WalletConnector } from './WalletProvider.js'

export type CreateExternalWalletsReturnType = {
  /** Announced browser wallets and the connected external wallet. */
  wallets: WalletStore
  /** The WalletConnect connector, when the UI options carry `walletConnect` settings. */
  walletConnect: WalletConnector | undefined
}

/**
 * An app's external-wallet state: an empty wallet store (fill it with `watchInjectedWallets` and
 * `addInjectedWallet`) and, when an `external_wallets` section of `config.ui` has `walletConnect`
 * settings, the WalletConnect connector on the config's chain and RPC URL.
 *
 * @example
 * const { wallets, walletConnect } = createExternalWallets(config)
 * const stop = watchInjectedWallets(window, (detail) => addInjectedWallet(wallets, detail))
 */
export function createExternalWallets(
  config: SigilConfig & { ui?: WalletConnectUiOptions | undefined },
): CreateExternalWalletsReturnType {
  const parameters = findWalletConnectParameters(config.ui)
  return {
    wallets: createWalletStore(),
    walletConnect: parameters
      ? createWalletConnectConnector({
          parameters,
          chain: getChain(config),
          rpcUrl: getConnection(config).rpcUrl,
        })
      : undefined,
  }
}
