import { type CreateConfigParameters, createConfig as createCoreConfig } from '@sigil/core'
import type { SigilReactConfig, SigilUiConfig } from './SigilUiConfig.js'

/**
 * `@sigil/core`'s `createConfig` plus the sign-in UI's options (docs/account-kit.md#react): the result is the
 * core config with `ui`. A `social` section in `mode: 'popup'` turns `enablePopupOauth` on, so the
 * popup opens straight from the click. `walletConnect` settings of an `external_wallets` section add
 * the WalletConnect entry to `useConnect().connectors`.
 *
 * @example
 * const config = createConfig(
 *   { connection: { rpcUrl: 'https://signer.example.com', apiKey: 'sigil_…' }, chain: base },
 *   { auth: { sections: [[{ type: 'email' }], [{ type: 'passkey' }, { type: 'external_wallets' }]] } },
 * )
 */
export function createConfig(parameters: CreateConfigParameters, ui?: SigilUiConfig): SigilReactConfig {
  const popupOauth = (ui?.auth?.sections ?? []).some((section) =>
    section.some((auth) => auth.type === 'social' && auth.mode === 'popup'),
  )
  const config = createCoreConfig({
    ...parameters,
    enablePopupOauth: parameters.enablePopupOauth ?? (popupOauth || undefined),
  })
  return ui ? { ...config, ui } : config
}
