import { BaseError } from '@sigil/protocol'

/**
 * WalletConnect was chosen but the config has no usable `walletConnect` settings (at least a
 * `projectId`) in an `external_wallets` section of its UI options. The sign-in UI shows "Couldn't
 * connect to WalletConnect" / 'The WalletConnect configuration is missing or incorrect.' (docs/sign-in-ui.md).
 *
 * @example
 * await connectAsync({ connector: 'walletConnect' }) // without settings: WalletConnectParamsNotFoundError
 */
export class WalletConnectParamsNotFoundError extends BaseError {
  override name = 'WalletConnectParamsNotFoundError' as const

  constructor() {
    super('WalletConnect params not found', {
      details:
        "Add walletConnect: { projectId } to an external_wallets section of the config's UI options (createConfig(parameters, ui)).",
    })
  }
}
