import type { Chain } from 'viem'
import { WalletConnectNotInstalledError } from './errors/WalletConnectNotInstalledError.js'
import { WalletConnectParamsNotFoundError } from './errors/WalletConnectParamsNotFoundError.js'
import { toWalletConnectProviderOptions } from './toWalletConnectProviderOptions.js'
import type { WalletConnector, WalletProvider } from './WalletProvider.js'

/** The `walletConnect` settings of an `external_wallets` section (the `EthereumProvider.init` options Sigil passes on). */
export type WalletConnectParameters = {
  /** The WalletConnect Cloud project id (required). */
  projectId: string
  metadata?: { name: string; description: string; url: string; icons: string[] } | undefined
  /** Show WalletConnect's QR-code modal (default true). */
  showQrModal?: boolean | undefined
  qrModalOptions?: Record<string, unknown> | undefined
  relayUrl?: string | undefined
}

/** The part of `@walletconnect/ethereum-provider`'s provider Sigil uses. */
type EthereumProvider = WalletProvider & {
  enable(): Promise<string[]>
  disconnect(): Promise<void>
}
type EthereumProviderModule = {
  EthereumProvider: { init(options: Record<string, unknown>): Promise<EthereumProvider> }
}

/**
 * Loads the optional peer `@walletconnect/ethereum-provider` on first use. The specifier stays a
 * literal for bundlers; `as string` keeps TypeScript from requiring the package's types.
 */
async function loadEthereumProvider(): Promise<EthereumProviderModule['EthereumProvider']> {
  let module: Partial<EthereumProviderModule> & { default?: Partial<EthereumProviderModule> }
  try {
    module = await import('@walletconnect/ethereum-provider' as string)
  } catch (error) {
    throw new WalletConnectNotInstalledError({ cause: error })
  }
  const EthereumProvider = module.EthereumProvider ?? module.default?.EthereumProvider
  if (!EthereumProvider) throw new WalletConnectNotInstalledError()
  return EthereumProvider
}

const hasProjectId = (parameters: unknown): parameters is WalletConnectParameters =>
  typeof (parameters as { projectId?: unknown } | undefined)?.projectId === 'string' &&
  (parameters as { projectId: string }).projectId.length > 0

export type CreateWalletConnectConnectorParameters = {
  /** The settings from the UI options; missing or without `projectId`: connecting throws. */
  parameters: unknown
  chain: Chain
  rpcUrl?: string | undefined
}

/**
 * The WalletConnect entry of `useConnect().connectors`. Its provider is made on first use with the
 * app's chain; `eth_requestAccounts` opens the pairing (QR code) through `enable()`. Without usable
 * settings it throws `WalletConnectParamsNotFoundError`; without the package,
 * `WalletConnectNotInstalledError`.
 *
 * @example
 * const connector = createWalletConnectConnector({ parameters: { projectId }, chain })
 */
export function createWalletConnectConnector({
  parameters,
  chain,
  rpcUrl,
}: CreateWalletConnectConnectorParameters): WalletConnector {
  let provider: Promise<EthereumProvider> | undefined
  const init = async () => {
    if (!hasProjectId(parameters)) throw new WalletConnectParamsNotFoundError()
    const EthereumProvider = await loadEthereumProvider()
    const url = rpcUrl ?? chain.rpcUrls.default.http[0]
    return EthereumProvider.init(toWalletConnectProviderOptions(parameters, chain, url))
  }
  return {
    id: 'walletConnect',
    name: 'WalletConnect',
    type: 'walletConnect',
    async getProvider() {
      provider ??= init().catch((error: unknown) => {
        provider = undefined
        throw error
      })
      const walletConnect = await provider
      return {
        request: (request) =>
          request.method === 'eth_requestAccounts' ? walletConnect.enable() : walletConnect.request(request),
        on: walletConnect.on?.bind(walletConnect),
        removeListener: walletConnect.removeListener?.bind(walletConnect),
      }
    },
    async disconnect() {
      const current = await provider?.catch(() => undefined)
      await current?.disconnect()
    },
  }
}
