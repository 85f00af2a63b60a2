import { useState } from 'react'
import { useSigner } from '../../hooks/useSigner.js'
import { useValidateMultiFactors } from '../../hooks/useValidateMultiFactors.js'
import { CodeInput } from '../../ui/CodeInput.js'
import { getCodeErrorText } from '../../ui/getCodeErrorText.js'
import { texts } from '../../ui/texts.js'
import { toError } from '../../ui/toError.js'
import type { AuthStep } from '../AuthStep.js'
import { useAuthUi } from '../AuthUiContext.js'
import { useAuthStep } from '../useAuthStep.js'
import { useEmailSignIn } from '../useEmailSignIn.js'

/**
 * Step totp_verify ('Enter authenticator app code', the MFA step of AWAITING_MFA_AUTH): after an
 * email code, six digits go to `validateMultiFactors`; after a link request, the link is asked for
 * again with the code as `multiFactors` (then 'Check your email'). A wrong code shows 'The code you
 * entered is incorrect', other failures 'An error occurred while verifying the code'.
 *
 * @example
 * <TotpVerifyStep authStep={{ type: 'totp_verify', previousStep: 'otp' }} />
 */
export function TotpVerifyStep({ authStep }: { authStep: Extract<AuthStep, { type: 'totp_verify' }> }) {
  const signer = useSigner()
  const { dispatch } = useAuthStep()
  const { validateMultiFactorsAsync } = useValidateMultiFactors()
  const { addPasskeyOnSignup } = useAuthUi()
  const startEmailSignIn = useEmailSignIn()
  const [attempt, setAttempt] = useState(0)
  const [verifying, setVerifying] = useState(false)

  const submit = async (multiFactorCode: string) => {
    setVerifying(true)
    try {
      if (authStep.previousStep === 'otp') {
        await validateMultiFactorsAsync({ multiFactorCode })
        dispatch({ type: 'CONNECTED', isNewUser: signer?.isNewUser, addPasskeyOnSignup }, 'totp_verify')
      } else {
        await startEmailSignIn(authStep.email, {
          emailMode: 'magicLink',
          multiFactors: [{ multiFactorId: authStep.factorId, multiFactorCode }],
          rethrow: true,
        })
      }
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
