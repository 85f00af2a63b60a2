import { useEffect } from 'react'
import { texts } from '../../ui/texts.js'
import { useAuthStep } from '../useAuthStep.js'

/** How long 'Passkey added!' shows before the step completes (docs/sign-in-ui.md#steps). */
export const passkeyAddedDelayMs = 5000

/**
 * Step passkey_create_success: 'Passkey added!' and 'You can use this passkey to sign in next
 * time.', then `complete` after five seconds.
 *
 * @example
 * <PasskeyAddedStep />
 */
export function PasskeyAddedStep() {
  const { dispatch } = useAuthStep()
  useEffect(() => {
    const timer = setTimeout(
      () => dispatch({ type: 'COMPLETE' }, 'passkey_create_success'),
      passkeyAddedDelayMs,
    )
    return () => clearTimeout(timer)
  }, [dispatch])
  return (
    <div role="status" className="sigil-stack">
      <h2>{texts.addPasskey.addedTitle}</h2>
      <p className="sigil-muted">{texts.addPasskey.addedBody}</p>
    </div>
  )
}
