import { BaseError } from '@sigil/protocol'

/**
 * WalletConnect is configured but its optional peer, `@walletconnect/ethereum-provider`, could not
 * be loaded (not installed, or not bundled).
 *
 * @example
 * await connectAsync({ connector: 'walletConnect' }) // WalletConnectNotInstalledError
 */
export class WalletConnectNotInstalledError extends BaseError {
  override name = 'WalletConnectNotInstalledError' as const

  constructor({ cause }: { cause?: unknown } = {}) {
    super('@walletconnect/ethereum-provider is not installed', {
      cause,
      details: 'WalletConnect needs the optional peer dependency: npm i @walletconnect/ethereum-provider',
    })
  }
}
