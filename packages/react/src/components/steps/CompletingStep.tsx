import { watchSignInStep } from '@sigil/core'
import { useEffect } from 'react'
import { useSigilConfig } from '../../hooks/useSigilConfig.js'
import { Spinner } from '../../ui/Spinner.js'
import { texts } from '../../ui/texts.js'
import { useAuthUi } from '../AuthUiContext.js'
import { toAuthStepEvent } from '../toAuthStepEvent.js'
import { useAuthStep } from '../useAuthStep.js'

/**
 * Step email_completing ('Completing login', docs/sign-in-ui.md): shown while an emailed link's
 * return finishes; completes when core `watchSignInStep` reports the user signed in, and goes back
 * to the first step with the error if the link fails.
 *
 * @example
 * <CompletingStep />
 */
export function CompletingStep() {
  const config = useSigilConfig()
  const { dispatch } = useAuthStep()
  const { addPasskeyOnSignup } = useAuthUi()
  useEffect(
    () =>
      watchSignInStep(config, { current: true })((step) => {
        if (step.next === 'done' || step.next === 'failed')
          dispatch(toAuthStepEvent(step, { addPasskeyOnSignup }), 'email_completing')
      }),
    [config, dispatch, addPasskeyOnSignup],
  )
  return (
    <div role="status" className="sigil-stack">
      <Spinner />
      <p className="sigil-muted">{texts.completing.body}</p>
    </div>
  )
}
