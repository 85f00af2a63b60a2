import { type SubmitOtpParameters, submitOtp } from '@sigil/core'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useSigilConfig } from '../../hooks/useSigilConfig.js'
import { CodeInput } from '../../ui/CodeInput.js'
import { getCodeErrorText } from '../../ui/getCodeErrorText.js'
import { getErrorScreenTexts } from '../../ui/getErrorScreenTexts.js'
import { texts } from '../../ui/texts.js'
import { toError } from '../../ui/toError.js'
import type { AuthStep } from '../AuthStep.js'
import { useAuthUi } from '../AuthUiContext.js'
import { ErrorScreen } from '../ErrorScreen.js'
import { ResendEmail } from '../ResendEmail.js'
import { toAuthStepEvent } from '../toAuthStepEvent.js'
import { useAuthStep } from '../useAuthStep.js'
import { useEmailSignIn } from '../useEmailSignIn.js'

/** How long 'Verified!' shows before the step completes (docs/sign-in-ui.md#steps). */
export const verifiedDelayMs = 1000

/**
 * Step otp_verify ('Enter verification code', docs/sign-in-ui.md): six digits go to core `submitOtp`
 * with 'Verifying...', then 'Verified!' and `complete` a second later. A wrong code shows 'The code
 * you entered is incorrect' under a cleared field; a second factor moves to totp_verify; any other
 * failure draws 'Connection failed' / 'The code could not be verified'. Resend mails a new code.
 *
 * @example
 * <OtpVerifyStep authStep={{ type: 'otp_verify', email: 'ada@example.com' }} />
 */
export function OtpVerifyStep({ authStep }: { authStep: Extract<AuthStep, { type: 'otp_verify' }> }) {
  const config = useSigilConfig()
  const { dispatch } = useAuthStep()
  const { addPasskeyOnSignup } = useAuthUi()
  const startEmailSignIn = useEmailSignIn()
  const { mutateAsync } = useMutation({
    mutationKey: ['submitOtp'],
    mutationFn: (parameters: SubmitOtpParameters) => submitOtp(config, parameters),
  })
  const [attempt, setAttempt] = useState(0)
  const { email, error } = authStep
  const progress = authStep.status ?? 'base'

  const submit = async (code: string) => {
    dispatch({ type: 'OTP_VERIFYING' }, 'otp_verify')
    try {
      const step = await mutateAsync({ code })
      if (step.next === 'mfa') {
        dispatch(toAuthStepEvent(step), 'otp_verify')
        return
      }
      dispatch({ type: 'OTP_VERIFIED' }, 'otp_verify')
      setTimeout(() => dispatch(toAuthStepEvent(step, { addPasskeyOnSignup }), 'otp_verify'), verifiedDelayMs)
    } catch (failure) {
      dispatch({ type: 'FAILED', error: toError(failure) }, 'otp_verify')
      setAttempt((count) => count + 1)
    }
  }
  const resend = () => void startEmailSignIn(email, { emailMode: 'otp' })

  const codeError = error ? getCodeErrorText(error, 'otp') : undefined
  if (error && !codeError) {
    const screen = getErrorScreenTexts(error, { kind: 'otp' })
    return (
      <ErrorScreen
        heading={screen.heading}
        body={screen.body}
        tryAgainLabel={screen.tryAgain}
        onTryAgain={resend}
        onUseAnotherMethod={() => dispatch({ type: 'USE_ANOTHER_METHOD' })}
      />
    )
  }
  return (
    <>
      <h2>{texts.otp.title}</h2>
      <p className="sigil-muted">
        {texts.otp.codeSent}
        <br />
        <strong>{email}</strong>
      </p>
      <CodeInput
        key={attempt}
        label={texts.otp.codeLabel}
        onComplete={(code) => void submit(code)}
        disabled={progress === 'verifying' || progress === 'success'}
        errorText={codeError}
        autoFocus
      />
      <p role="status" className={progress === 'success' ? 'sigil-success' : 'sigil-muted'}>
        {progress === 'verifying' ? texts.otp.verifying : progress === 'success' ? texts.otp.verified : ''}
      </p>
      <ResendEmail onResend={resend} />
    </>
  )
}
