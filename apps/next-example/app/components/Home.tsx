'use client'

import { AuthCard, useAuthModalState, useLogout, useSignerStatus, useUser } from '@sigil/react'
import { useSettings } from '../SettingsContext'
import { SignMessage } from './SignMessage'
import { SponsoredSend } from './SponsoredSend'

/**
 * The page's content. Signed in (from the cookie's state on the server, then the signer's session in
 * the browser): the user's address, a signature and a sponsored send. Signed out: the sign-in card
 * (email code). While the signer starts without a stored user: a status line, on the server too, so
 * server and browser render the same first HTML.
 *
 * @example
 * <Home />
 */
export function Home() {
  const user = useUser()
  const { isInitializing } = useSignerStatus()
  const { authStep } = useAuthModalState()
  const { logout, isLoggingOut } = useLogout()
  const { mailboxUrl } = useSettings()
  const signedIn = user !== null && (authStep.type === 'initial' || authStep.type === 'complete')

  if (signedIn)
    return (
      <main className="page" data-testid="signed-in">
        <header className="top">
          <div>
            <h1>Signed in</h1>
            <p className="muted">
              {user.email ? <span data-testid="user-email">{user.email}</span> : null} · owner address{' '}
              <code data-testid="user-address">{user.address}</code>
            </p>
          </div>
          <button type="button" className="button secondary" disabled={isLoggingOut} onClick={() => logout()}>
            Sign out
          </button>
        </header>
        <SignMessage address={user.address} />
        <SponsoredSend />
      </main>
    )
  return (
    <main className="page">
      <h1>Sigil on Next.js</h1>
      {isInitializing ? (
        <p className="muted" role="status">
          Starting…
        </p>
      ) : (
        <div className="signed-out" data-testid="signed-out">
          <p className="muted">
            Sign in with a code sent by email.
            {mailboxUrl ? (
              <>
                {' '}
                In development, read it in the{' '}
                <a href={mailboxUrl} target="_blank" rel="noreferrer">
                  dev mailbox
                </a>
                .
              </>
            ) : null}
          </p>
          <AuthCard />
        </div>
      )}
    </main>
  )
}
