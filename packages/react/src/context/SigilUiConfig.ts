import type { SigilConfig } from '@sigil/core'
import type { AuthUiConfig } from '../components/AuthUiConfig.js'

/**
 * The sign-in UI's options carried by the config (docs/account-kit.md#react `AlchemyAccountsUIConfig`):
 * `auth` (sections, `addPasskeyOnSignup`, …) and the look of the modal. `useConnect` reads the
 * `walletConnect` settings of an `external_wallets` section from here.
 *
 * @example
 * const ui: SigilUiConfig = {
 *   auth: { sections: [[{ type: 'email' }], [{ type: 'external_wallets', walletConnect: { projectId } }]] },
 * }
 */
export type SigilUiConfig = {
  auth?: AuthUiConfig | undefined
  /** Icons' drawing style. Default `'flat'`. */
  illustrationStyle?: 'outline' | 'linear' | 'filled' | 'flat' | undefined
  /** A class added to the modal's root. */
  modalBaseClassName?: string | undefined
  /** Where 'Contact support' leads. */
  supportUrl?: string | undefined
}

/** A `@sigil/core` config, optionally with the UI options `createConfig` of `@sigil/react` adds. */
export type SigilReactConfig = SigilConfig & { ui?: SigilUiConfig | undefined }
