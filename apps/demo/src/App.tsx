import { useAuthModalState, useSignerStatus, useUser } from '@sigil/react'
import { useState } from 'react'
import { AppearancePanel } from './appearance/AppearancePanel'
import { Dashboard } from './Dashboard'
import { Header } from './Header'
import type { DemoSettings } from './loadDemoSettings'
import { SignInScreen } from './SignInScreen'

const appearanceId = 'appearance'

/**
 * The demo: the sign-in card until someone is signed in (and the card has finished its last step,
 * such as the offer to add a passkey after a sign-up), then the dashboard; 'Appearance' in the header
 * opens the theming panel above either.
 *
 * @example
 * <SigilProvider config={config} queryClient={queryClient}><App settings={settings} /></SigilProvider>
 */
export function App({ settings }: { settings: DemoSettings }) {
  const user = useUser()
  const { isInitializing } = useSignerStatus()
  const { authStep } = useAuthModalState()
  const [appearanceOpen, setAppearanceOpen] = useState(false)
  const signedIn = user !== null && (authStep.type === 'initial' || authStep.type === 'complete')
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header
        signedIn={signedIn}
        appearanceId={appearanceId}
        appearanceOpen={appearanceOpen}
        onAppearance={() => setAppearanceOpen((open) => !open)}
      />
      {appearanceOpen ? (
        <div className="page page-appearance">
          <AppearancePanel id={appearanceId} />
        </div>
      ) : null}
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
