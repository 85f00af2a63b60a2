import type { Chain } from 'viem'
import { walletPopupZIndex } from './walletPopupZIndex.js'

/**
 * The options `createWalletConnectConnector` gives `EthereumProvider.init`: the app's settings
 * (`WalletConnectParameters`), the QR modal on by default and drawn above the sign-in modal
 * (`walletPopupZIndex`, as `--wcm-z-index` for WalletConnect's modal and `--w3m-z-index` for AppKit's,
 * unless the app sets them), and the chain with its RPC URL.
 *
 * @example
 * EthereumProvider.init(toWalletConnectProviderOptions(parameters, chain, rpcUrl))
 */
export function toWalletConnectProviderOptions(
  parameters: {
    showQrModal?: boolean | undefined
    qrModalOptions?: Record<string, unknown> | undefined
  } & Record<string, unknown>,
  chain: Chain,
  rpcUrl: string | undefined,
): Record<string, unknown> {
  const qrModalOptions = parameters.qrModalOptions ?? {}
  const themeVariables = (qrModalOptions.themeVariables ?? {}) as Record<string, unknown>
  const zIndex = String(walletPopupZIndex)
  return {
    ...parameters,
    showQrModal: parameters.showQrModal ?? true,
    qrModalOptions: {
      ...qrModalOptions,
      themeVariables: { '--wcm-z-index': zIndex, '--w3m-z-index': zIndex, ...themeVariables },
    },
    optionalChains: [chain.id],
    rpcMap: rpcUrl ? { [chain.id]: rpcUrl } : undefined,
  }
}
