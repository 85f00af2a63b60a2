import { type SubmitMfaCodeParameters, submitMfaCode } from '@sigil/core'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useSigilConfig } from '../../hooks/useSigilConfig.js'
import { CodeInput } from '../../ui/CodeInput.js'
import { getCodeErrorText } from '../../ui/getCodeErrorText.js'
import { texts } from '../../ui/texts.js'
import { toError } from '../../ui/toError.js'
import type { AuthStep } from '../AuthStep.js'
import { useAuthUi } from '../AuthUiContext.js'
import { toAuthStepEvent } from '../toAuthStepEvent.js'
import { useAuthStep } from '../useAuthStep.js'

/**
 * Step totp_verify ('Enter authenticator app code', the MFA step of AWAITING_MFA_AUTH): six digits
 * go to core `submitMfaCode`, which finishes the sign-in after an email code, a popup or a passkey,
 * and after a link request asks for the link again with the code (then 'Check your email'). A wrong code shows 'The code you
 * entered is incorrect', other failures 'An error occurred while verifying the code'.
 *
 * @example
 * <TotpVerifyStep authStep={{ type: 'totp_verify', previousStep: 'otp' }} />
 */
export function TotpVerifyStep({ authStep }: { authStep: Extract<AuthStep, { type: 'totp_verify' }> }) {
  const config = useSigilConfig()
  const { dispatch } = useAuthStep()
  const { addPasskeyOnSignup } = useAuthUi()
  const { mutateAsync } = useMutation({
    mutationKey: ['submitMfaCode'],
    mutationFn: (parameters: SubmitMfaCodeParameters) => submitMfaCode(config, parameters),
  })
  const [attempt, setAttempt] = useState(0)
  const [verifying, setVerifying] = useState(false)
  const linkStep =
    authStep.previousStep === 'magicLink' ? { factorId: authStep.factorId, email: authStep.email } : undefined

  const submit = async (code: string) => {
    setVerifying(true)
    try {
      const step = await mutateAsync({ code, step: linkStep })
      dispatch(toAuthStepEvent(step, { email: linkStep?.email, addPasskeyOnSignup }), 'totp_verify')
    } catch (failure) {
      dispatch({ type: 'FAILED', error: toError(failure) }, 'totp_verify')
      setAttempt((count) => count + 1)
    } finally {
      setVerifying(false)
    }
  }

  return (
    <>
      <h2>{texts.totp.title}</h2>
      <CodeInput
        key={attempt}
        label={texts.totp.codeLabel}
        onComplete={(code) => void submit(code)}
        disabled={verifying}
        errorText={authStep.error ? getCodeErrorText(authStep.error, 'totp') : undefined}
        autoFocus
      />
      <p role="status" className="sigil-muted">
        {verifying ? texts.otp.verifying : ''}
      </p>
    </>
  )
}
