import type { SigilUiConfig } from './SigilUiConfig.js'

/**
 * The `walletConnect` settings of the first `external_wallets` section that has them, if any.
 *
 * @example
 * findWalletConnectParameters(config.ui) // { projectId: '…' }
 */
export function findWalletConnectParameters(ui: SigilUiConfig | undefined): unknown {
  for (const section of ui?.auth?.sections ?? [])
    for (const auth of section)
      if (auth.type === 'external_wallets' && auth.walletConnect) return auth.walletConnect
  return undefined
}
