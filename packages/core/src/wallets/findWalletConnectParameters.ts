/**
 * The part of the sign-in UI's options (`@sigil/react`'s `SigilUiConfig`) that can carry
 * WalletConnect settings: an `external_wallets` section's `walletConnect`.
 */
export type WalletConnectUiOptions = {
  auth?:
    | { sections?: readonly (readonly { type: string; walletConnect?: unknown }[])[] | undefined }
    | undefined
}

/**
 * The `walletConnect` settings of the first `external_wallets` section that has them, if any.
 *
 * @example
 * findWalletConnectParameters(config.ui) // { projectId: '…' }
 */
export function findWalletConnectParameters(ui: WalletConnectUiOptions | undefined): unknown {
  for (const section of ui?.auth?.sections ?? [])
    for (const auth of section)
      if (auth.type === 'external_wallets' && auth.walletConnect) return auth.walletConnect
  return undefined
}
