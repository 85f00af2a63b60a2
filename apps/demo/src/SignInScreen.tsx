import { AuthCard } from '@sigil/react'
import { useAppearance } from './appearance/useAppearance'
import type { DemoSettings } from './loadDemoSettings'

/**
 * The signed-out page: a few words on what to try, and Sigil's sign-in card with every method, in the
 * demo's theme (its accent, radius and font come through the CSS custom properties, docs/theming.md).
 *
 * @example
 * <SignInScreen settings={settings} />
 */
export function SignInScreen({ settings }: { settings: DemoSettings }) {
  const [{ theme }] = useAppearance()
  return (
    <div className="sign-in">
      <section className="intro" aria-labelledby="intro-title">
        <h1 id="intro-title">A wallet without handling keys</h1>
        <p>
          Sign in with an email code or link, a passkey, an OAuth provider or a browser wallet. You get an EVM
          and a Solana address whose keys stay on the Sigil server and in its key frame.
        </p>
        {settings.mailboxUrl ? (
          <p>
            Codes and links are not mailed in development: read them in the{' '}
            <a href={settings.mailboxUrl} target="_blank" rel="noreferrer">
              dev mailbox
            </a>
            {settings.smsOutboxUrl ? (
              <>
                , and texted codes in the{' '}
                <a href={settings.smsOutboxUrl} target="_blank" rel="noreferrer">
                  dev SMS outbox
                </a>
              </>
            ) : null}
            .
          </p>
        ) : null}
      </section>
      <AuthCard className="sign-in-card" theme={theme} />
    </div>
  )
}
