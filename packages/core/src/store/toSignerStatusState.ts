import { type ErrorInfo, type SignerStatus, signerStatus } from '@sigil/signer'
import type { SignerStatusState } from './CoreState.js'

const notAuthenticating = new Set<SignerStatus>([
  signerStatus.INITIALIZING,
  signerStatus.CONNECTED,
  signerStatus.DISCONNECTED,
  signerStatus.AWAITING_MFA_AUTH,
])

/**
 * The app's view of a signer status (docs/account-kit.md#core): the status, its error, and the
 * flags. Authenticating is true for every status except INITIALIZING, CONNECTED, DISCONNECTED and
 * AWAITING_MFA_AUTH.
 *
 * @example
 * toSignerStatusState('AWAITING_EMAIL_AUTH')
 * // { status: 'AWAITING_EMAIL_AUTH', error: undefined, isInitializing: false, isAuthenticating: true,
 * //   isConnected: false, isDisconnected: false }
 */
export function toSignerStatusState(status: SignerStatus, error?: ErrorInfo | undefined): SignerStatusState {
  return {
    status,
    error,
    isInitializing: status === signerStatus.INITIALIZING,
    isAuthenticating: !notAuthenticating.has(status),
    isConnected: status === signerStatus.CONNECTED,
    isDisconnected: status === signerStatus.DISCONNECTED,
  }
}
