import { useCallback } from 'react'
import { useAuthenticate } from '../hooks/useAuthenticate.js'
import { toError } from '../ui/toError.js'
import { useAuthUi } from './AuthUiContext.js'
import { useAuthStep } from './useAuthStep.js'

/**
 * Signs in with an existing passkey through step passkey_verify ('Continue with passkey'):
 * `authenticate({type:'passkey', createNew:false})`; success completes, a failure draws the
 * passkey error screen.
 *
 * @example
 * const signInWithPasskey = usePasskeySignIn()
 * <button onClick={signInWithPasskey}>I have a passkey</button>
 */
export function usePasskeySignIn() {
  const { authenticateAsync } = useAuthenticate()
  const { dispatch } = useAuthStep()
  const { addPasskeyOnSignup } = useAuthUi()
  return useCallback(async () => {
    dispatch({ type: 'PASSKEY_STARTED' })
    try {
      await authenticateAsync({ type: 'passkey', createNew: false })
      dispatch({ type: 'CONNECTED', addPasskeyOnSignup }, 'passkey_verify')
    } catch (error) {
      dispatch({ type: 'FAILED', error: toError(error) }, 'passkey_verify')
    }
  }, [authenticateAsync, dispatch, addPasskeyOnSignup])
}
