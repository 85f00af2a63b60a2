import { readSignInError, type SubmitMfaCodeParameters, sendMfaCode, submitMfaCode } from '@sigil/core'
import { signerErrorCodes } from '@sigil/protocol'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useSigilConfig } from '../../hooks/useSigilConfig.js'
import { useSigner } from '../../hooks/useSigner.js'
import { Button } from '../../ui/Button.js'
import { CodeInput } from '../../ui/CodeInput.js'
import { getCodeErrorText } from '../../ui/getCodeErrorText.js'
import { texts } from '../../ui/texts.js'
import { toError } from '../../ui/toError.js'
import type { AuthStep } from '../AuthStep.js'
import { useAuthUi } from '../AuthUiContext.js'
import { toAuthStepEvent } from '../toAuthStepEvent.js'
import { useAuthStep } from '../useAuthStep.js'
import { RecoveryCodeForm } from './RecoveryCodeForm.js'

/**
 * Step totp_verify ('Enter authenticator app code', the MFA step of AWAITING_MFA_AUTH): six digits
 * go to core `submitMfaCode`, which finishes the sign-in after an email code, a popup or a passkey,
 * and after a link request asks for the link again with the code (then 'Check your email'). A wrong code shows 'The code you
 * entered is incorrect', other failures 'An error occurred while verifying the code'. "Lost your
 * device? Use a recovery code" swaps the digits for a field that takes one of the user's recovery
 * codes instead (`RecoveryCodeForm`); a wrong or used one says so in words. When the pending factor is
 * a text-message (`sms`) one, it asks for 'the code we texted you' and offers "Send code" (core
 * `sendMfaCode`), which texts it (docs/protocol.md, "Text-message codes").
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
  const [recovery, setRecovery] = useState(false)
  // Only a recovery code that failed says so under the recovery field, not an earlier TOTP code.
  const [recoveryFailed, setRecoveryFailed] = useState(false)
  const signer = useSigner()
  const factorId = authStep.previousStep === 'magicLink' ? authStep.factorId : signer?.mfaStatus.mfaFactorId
  const texted =
    signer
      ?.getPendingMfaFactors()
      .some((factor) => factor.multiFactorId === factorId && factor.multiFactorType === 'sms') ?? false
  const [sending, setSending] = useState(false)
  const [sent, setSent] = useState<'sent' | 'failed'>()
  const send = async () => {
    setSending(true)
    try {
      await sendMfaCode(config, { multiFactorId: factorId })
      setSent('sent')
    } catch {
      setSent('failed')
    } finally {
      setSending(false)
    }
  }
  const linkStep =
    authStep.previousStep === 'magicLink' ? { factorId: authStep.factorId, email: authStep.email } : undefined

  const submit = async (answer: { code: string } | { recoveryCode: string }) => {
    setVerifying(true)
    try {
      const step = await mutateAsync({ ...answer, step: linkStep })
      dispatch(toAuthStepEvent(step, { email: linkStep?.email, addPasskeyOnSignup }), 'totp_verify')
    } catch (failure) {
      dispatch({ type: 'FAILED', error: toError(failure) }, 'totp_verify')
      setAttempt((count) => count + 1)
      setRecoveryFailed('recoveryCode' in answer)
    } finally {
      setVerifying(false)
    }
  }

  if (recovery)
    return (
      <>
        <RecoveryCodeForm
          onSubmit={(recoveryCode) => void submit({ recoveryCode })}
          onCancel={() => setRecovery(false)}
          disabled={verifying}
          errorText={
            recoveryFailed && authStep.error
              ? readSignInError(authStep.error).code === signerErrorCodes.INVALID_MFA_CODE
                ? texts.recoveryCode.incorrect
                : texts.totp.failed
              : undefined
          }
        />
        <p role="status" className="sigil-muted">
          {verifying ? texts.otp.verifying : ''}
        </p>
      </>
    )

  return (
    <>
      <h2>{texted ? texts.smsMfa.title : texts.totp.title}</h2>
      {texted ? (
        <>
          <Button variant="link" onClick={() => void send()} disabled={sending || verifying}>
            {sent === 'sent' ? texts.smsMfa.resend : texts.smsMfa.send}
          </Button>
          <p className="sigil-muted">
            {sent === 'sent' ? texts.smsMfa.sent : sent === 'failed' ? texts.smsMfa.notSent : ''}
          </p>
        </>
      ) : null}
      <CodeInput
        key={attempt}
        label={texted ? texts.smsMfa.codeLabel : texts.totp.codeLabel}
        onComplete={(code) => void submit({ code })}
        disabled={verifying}
        errorText={authStep.error ? getCodeErrorText(authStep.error, 'totp') : undefined}
        autoFocus
      />
      <p role="status" className="sigil-muted">
        {verifying ? texts.otp.verifying : ''}
      </p>
      <Button
        variant="link"
        onClick={() => {
          setRecoveryFailed(false)
          setRecovery(true)
        }}
        disabled={verifying}
      >
        {texts.totp.useRecoveryCode}
      </Button>
    </>
  )
}
