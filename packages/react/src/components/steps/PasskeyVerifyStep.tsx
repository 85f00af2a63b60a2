import { getErrorScreenTexts } from '../../ui/getErrorScreenTexts.js'
import { Spinner } from '../../ui/Spinner.js'
import { texts } from '../../ui/texts.js'
import type { AuthStep } from '../AuthStep.js'
import { ErrorScreen } from '../ErrorScreen.js'
import { SupportLink } from '../SupportLink.js'
import { useAuthStep } from '../useAuthStep.js'
import { usePasskeySignIn } from '../usePasskeySignIn.js'

/**
 * Step passkey_verify ('Continue with passkey', docs/sign-in-ui.md): 'Follow the prompt to verify your passkey.'
 * while the browser asks. A failure draws 'Connection failed' (or 'Permission denied', 'Connection
 * timed out') with what happened in plain words, whose Try again asks again.
 *
 * @example
 * <PasskeyVerifyStep authStep={{ type: 'passkey_verify' }} />
 */
export function PasskeyVerifyStep({ authStep }: { authStep: Extract<AuthStep, { type: 'passkey_verify' }> }) {
  const { dispatch } = useAuthStep()
  const signInWithPasskey = usePasskeySignIn()
  if (authStep.error) {
    const screen = getErrorScreenTexts(authStep.error, { kind: 'passkey' })
    return (
      <ErrorScreen
        heading={screen.heading}
        body={screen.body}
        description={screen.description}
        tryAgainLabel={screen.tryAgain}
        onTryAgain={() => void signInWithPasskey()}
        onUseAnotherMethod={() => dispatch({ type: 'USE_ANOTHER_METHOD' })}
      />
    )
  }
  return (
    <>
      <Spinner />
      <h2>{texts.passkey.title}</h2>
      <p className="sigil-muted">{texts.passkey.body}</p>
      <SupportLink />
    </>
  )
}
