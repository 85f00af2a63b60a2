import { useEffect } from 'react'
import { useSigner } from '../../hooks/useSigner.js'
import { useSignerStatus } from '../../hooks/useSignerStatus.js'
import { Spinner } from '../../ui/Spinner.js'
import { texts } from '../../ui/texts.js'
import { useAuthUi } from '../AuthUiContext.js'
import { useAuthStep } from '../useAuthStep.js'

/**
 * Step email_completing (spec §2 'Completing login'): shown while an emailed link's return finishes
 * (status AUTHENTICATING_EMAIL); completes once the signer is connected, and goes back to the first
 * step with the error if the link fails.
 *
 * @example
 * <CompletingStep />
 */
export function CompletingStep() {
  const { dispatch } = useAuthStep()
  const { isConnected, isDisconnected, error } = useSignerStatus()
  const signer = useSigner()
  const { addPasskeyOnSignup } = useAuthUi()
  useEffect(() => {
    if (isConnected)
      dispatch({ type: 'CONNECTED', isNewUser: signer?.isNewUser, addPasskeyOnSignup }, 'email_completing')
    else if (isDisconnected && error)
      dispatch(
        { type: 'RESET', error: Object.assign(new Error(error.message), { name: error.name }) },
        'email_completing',
      )
  }, [isConnected, isDisconnected, error, signer, addPasskeyOnSignup, dispatch])
  return (
    <div role="status" className="sigil-stack">
      <Spinner />
      <p className="sigil-muted">{texts.completing.body}</p>
    </div>
  )
}
