import { watchSignInStep } from '@sigil/core'
import { useEffect } from 'react'
import { useSigilConfig } from '../../hooks/useSigilConfig.js'
import { Spinner } from '../../ui/Spinner.js'
import { texts } from '../../ui/texts.js'
import { useAuthUi } from '../AuthUiContext.js'
import { ResendEmail } from '../ResendEmail.js'
import { toAuthStepEvent } from '../toAuthStepEvent.js'
import { useAuthStep } from '../useAuthStep.js'
import { useEmailSignIn } from '../useEmailSignIn.js'

/**
 * Step email_verify ('Check your email', docs/sign-in-ui.md): the link was sent to `email`; Resend
 * sends it again. The step completes when core `watchSignInStep` reports the link opened (here or
 * in another tab).
 *
 * @example
 * <EmailVerifyStep email="ada@example.com" />
 */
export function EmailVerifyStep({ email }: { email: string }) {
  const config = useSigilConfig()
  const { dispatch } = useAuthStep()
  const { addPasskeyOnSignup } = useAuthUi()
  const startEmailSignIn = useEmailSignIn()
  useEffect(
    () =>
      watchSignInStep(config)((step) => {
        if (step.next === 'done') dispatch(toAuthStepEvent(step, { addPasskeyOnSignup }), 'email_verify')
      }),
    [config, dispatch, addPasskeyOnSignup],
  )
  return (
    <>
      <Spinner />
      <h2>{texts.email.title}</h2>
      <p className="sigil-muted">
        {texts.email.linkSent}
        <br />
        <strong>{email}</strong>
      </p>
      <ResendEmail onResend={() => void startEmailSignIn(email, { emailMode: 'magicLink' })} />
    </>
  )
}
