import { useLogout, useSignerStatus } from '@sigil/react'
import { ThemeToggle } from './appearance/ThemeToggle'
import { describeSignerStatus } from './describeSignerStatus.js'

/**
 * The top bar: the demo's name, the signer status, 'Dark mode', 'Appearance' (which opens and closes the
 * panel `appearanceId`) and, once signed in, 'Sign out'.
 *
 * @example
 * <Header signedIn={true} appearanceId="appearance" appearanceOpen={false} onAppearance={toggle} />
 */
export function Header({
  signedIn,
  appearanceId,
  appearanceOpen,
  onAppearance,
}: {
  signedIn: boolean
  appearanceId: string
  appearanceOpen: boolean
  onAppearance: () => void
}) {
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
      <div className="top-bar-actions">
        <ThemeToggle />
        <button
          type="button"
          className="button button-small button-secondary"
          aria-expanded={appearanceOpen}
          aria-controls={appearanceId}
          onClick={onAppearance}
        >
          Appearance
        </button>
        {signedIn ? (
          <button
            type="button"
            className="button button-small button-secondary"
            onClick={logout}
            disabled={isLoggingOut}
          >
            {isLoggingOut ? 'Signing out…' : 'Sign out'}
          </button>
        ) : null}
      </div>
    </header>
  )
}
