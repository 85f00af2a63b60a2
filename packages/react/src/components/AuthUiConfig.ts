import type { KnownAuthProvider } from '@sigil/core'
import type { ReactNode } from 'react'

/** Email sign-in (docs/account-kit.md#react). `emailMode` is a fallback: the server's `getConfig().email.mode` wins. */
export type EmailAuthType = {
  type: 'email'
  emailMode?: 'magicLink' | 'otp' | undefined
  /** Submit with the Enter key only: no Continue button. */
  hideButton?: boolean | undefined
  buttonLabel?: string | undefined
  placeholder?: string | undefined
}

/** The "I have a passkey" button. */
export type PasskeyAuthType = { type: 'passkey' }

/** Browser wallets (EIP-6963) and, with settings, WalletConnect. */
export type ExternalWalletsAuthType = {
  type: 'external_wallets'
  /** `@walletconnect/ethereum-provider` settings (at least `projectId`); absent: no WalletConnect entry. */
  walletConnect?: Record<string, unknown> | undefined
}

/** A social (OAuth) button; `auth0` needs `displayName` and `logoUrl`. */
export type SocialAuthType = {
  type: 'social'
  authProviderId: KnownAuthProvider | (string & {})
  isCustomProvider?: boolean | undefined
  auth0Connection?: string | undefined
  scope?: string | undefined
  claims?: string | undefined
  displayName?: string | undefined
  logoUrl?: string | undefined
  logoUrlDark?: string | undefined
} & ({ mode: 'popup' } | { mode: 'redirect'; redirectUrl: string })

/** One auth method of a section (`AuthType`, docs/account-kit.md#react). */
export type AuthType = EmailAuthType | PasskeyAuthType | ExternalWalletsAuthType | SocialAuthType

/**
 * The sign-in UI's settings (Account Kit's `AlchemyAccountsUIConfig.auth` plus `supportUrl`,
 * docs/account-kit.md#react).
 *
 * @example
 * const ui: AuthUiConfig = {
 *   sections: [[{ type: 'email' }], [{ type: 'passkey' }, { type: 'social', authProviderId: 'google', mode: 'popup' }]],
 *   addPasskeyOnSignup: true,
 * }
 */
export type AuthUiConfig = {
  /** Groups of auth methods, drawn top to bottom with 'or' between groups. */
  sections?: AuthType[][] | undefined
  /** After a new user's sign-up, offer to add a passkey (step "Add a passkey"). */
  addPasskeyOnSignup?: boolean | undefined
  /** Drawn above the first section, e.g. the app's logo. */
  header?: ReactNode
  /** Do not show the sign-in error above the sections. */
  hideError?: boolean | undefined
  /** Called once the user is signed in (step `complete`). */
  onAuthSuccess?: (() => void) | undefined
  /** Hide the 'Sign in' heading. */
  hideSignInText?: boolean | undefined
  /** Where 'Contact support' leads; empty hides the link. */
  supportUrl?: string | undefined
  /** The Terms of Service page. */
  termsUrl?: string | undefined
}

/** The default sections: an email field, then a passkey button. */
export const defaultAuthSections: AuthType[][] = [[{ type: 'email' }], [{ type: 'passkey' }]]
