import { useLogout, useSignerStatus } from '@sigil/react'
import { describeSignerStatus } from './describeSignerStatus.js'

/**
 * The top bar: the demo's name, the signer status and, once signed in, 'Sign out'.
 *
 * @example
 * <Header signedIn={true} />
 */
export function Header({ signedIn }: { signedIn: boolean }) {
  const { status } = useSignerStatus()
  const { logout, isLoggingOut } = useLogout()
  return (
    <header className="top-bar">
      <p className="brand">
        <span className="brand-mark" aria-hidden="true">
          ◆
        </span>{' '}
        Sigil demo
      </p>
      <p className="status-pill" data-status={status}>
        {describeSignerStatus(status)}
      </p>
      {signedIn ? (
        <button type="button" className="button button-secondary" onClick={logout} disabled={isLoggingOut}>
          {isLoggingOut ? 'Signing out…' : 'Sign out'}
        </button>
      ) : null}
    </header>
  )
}
