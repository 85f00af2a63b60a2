import type { SigilConfig } from '@sigil/core'
import { createStore, type Store } from '@sigil/core'
import type { AuthStep } from '../components/AuthStep.js'

export type AuthModalState = {
  /** Whether the auth modal is shown. */
  isOpen: boolean
  /** The sign-in UI's step, shared by `AuthCard` and `AuthModal`. */
  authStep: AuthStep
}

export type AuthModalStore = Store<AuthModalState>

/**
 * The provider's auth-modal store (docs/account-kit.md#react): closed, at step `email_completing` while an
 * email link sign-in completes (status AUTHENTICATING_EMAIL on load), otherwise `initial`.
 *
 * @example
 * const store = createAuthModalStore(config)
 * store.setState({ isOpen: true })
 */
export function createAuthModalStore(config: SigilConfig): AuthModalStore {
  const completing = config.store.getState().signerStatus.status === 'AUTHENTICATING_EMAIL'
  return createStore<AuthModalState>({
    isOpen: false,
    authStep: completing ? { type: 'email_completing' } : { type: 'initial' },
  })
}
