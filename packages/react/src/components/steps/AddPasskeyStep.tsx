import { useAddPasskey } from '../../hooks/useAddPasskey.js'
import { Button } from '../../ui/Button.js'
import { getErrorScreenTexts } from '../../ui/getErrorScreenTexts.js'
import { texts } from '../../ui/texts.js'
import { toError } from '../../ui/toError.js'
import type { AuthStep } from '../AuthStep.js'
import { ErrorScreen } from '../ErrorScreen.js'
import { SupportLink } from '../SupportLink.js'
import { useAuthStep } from '../useAuthStep.js'

const benefits = [
  { title: texts.addPasskey.simplerLoginTitle, body: texts.addPasskey.simplerLoginBody },
  { title: texts.addPasskey.enhancedSecurityTitle, body: texts.addPasskey.enhancedSecurityBody },
]

/**
 * Step passkey_create ('Add passkey', docs/sign-in-ui.md, offered after a sign-up with `addPasskeyOnSignup`):
 * the two benefits, Continue (adds a passkey, then 'Passkey added!') and Skip (completes). A failure
 * draws 'Connection failed' with Try again and Skip; the user stays signed in.
 *
 * @example
 * <AddPasskeyStep authStep={{ type: 'passkey_create' }} />
 */
export function AddPasskeyStep({ authStep }: { authStep: Extract<AuthStep, { type: 'passkey_create' }> }) {
  const { dispatch } = useAuthStep()
  const { addPasskey, isAddingPasskey } = useAddPasskey({
    onSuccess: () => dispatch({ type: 'PASSKEY_ADDED' }, 'passkey_create'),
    onError: (error) => dispatch({ type: 'FAILED', error: toError(error) }, 'passkey_create'),
  })
  if (authStep.error) {
    const screen = getErrorScreenTexts(authStep.error, { kind: 'passkey' })
    return (
      <ErrorScreen
        heading={screen.heading}
        body={screen.body}
        description={screen.description}
        tryAgainLabel={screen.tryAgain}
        onTryAgain={() => {
          dispatch({ type: 'TRY_AGAIN' }, 'passkey_create')
          addPasskey()
        }}
        onSkip={() => dispatch({ type: 'SKIP' })}
        shouldDisconnect={false}
      />
    )
  }
  return (
    <>
      <h2>{texts.addPasskey.title}</h2>
      <ul className="sigil-stack sigil-benefit" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {benefits.map(({ title, body }) => (
          <li key={title}>
            <strong>{title}</strong>
            <p className="sigil-muted">{body}</p>
          </li>
        ))}
      </ul>
      <div className="sigil-stack">
        <Button variant="primary" onClick={() => addPasskey()} disabled={isAddingPasskey}>
          {texts.addPasskey.continue}
        </Button>
        <Button variant="secondary" onClick={() => dispatch({ type: 'SKIP' })} disabled={isAddingPasskey}>
          {texts.addPasskey.skip}
        </Button>
      </div>
      <SupportLink />
    </>
  )
}
