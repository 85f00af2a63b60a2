import { useAuthModalState, useSignerStatus, useUser } from '@sigil/react'
import { Dashboard } from './Dashboard'
import { Header } from './Header'
import type { DemoSettings } from './loadDemoSettings'
import { SignInScreen } from './SignInScreen'

/**
 * The demo: the sign-in card until someone is signed in (and the card has finished its last step,
 * such as the offer to add a passkey after a sign-up), then the dashboard.
 *
 * @example
 * <SigilProvider config={config} queryClient={queryClient}><App settings={settings} /></SigilProvider>
 */
export function App({ settings }: { settings: DemoSettings }) {
  const user = useUser()
  const { isInitializing } = useSignerStatus()
  const { authStep } = useAuthModalState()
  const signedIn = user !== null && (authStep.type === 'initial' || authStep.type === 'complete')
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header signedIn={signedIn} />
      <main id="main" className="page" aria-busy={isInitializing}>
        {isInitializing ? (
          <p className="loading" role="status">
            Starting…
          </p>
        ) : signedIn ? (
          <Dashboard user={user} settings={settings} />
        ) : (
          <SignInScreen settings={settings} />
        )}
      </main>
    </>
  )
}
