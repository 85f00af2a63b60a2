import { signInWithPasskey } from '@sigil/core'
import { useMutation } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useSigilConfig } from '../hooks/useSigilConfig.js'
import { toError } from '../ui/toError.js'
import { useAuthUi } from './AuthUiContext.js'
import { toAuthStepEvent } from './toAuthStepEvent.js'
import { useAuthStep } from './useAuthStep.js'

/**
 * Signs in with an existing passkey through step passkey_verify ('Continue with passkey') with
 * core `signInWithPasskey`: success completes (or asks for the authenticator code), a failure
 * draws the passkey error screen.
 *
 * @example
 * const signInWithPasskey = usePasskeySignIn()
 * <button onClick={signInWithPasskey}>I have a passkey</button>
 */
export function usePasskeySignIn() {
  const config = useSigilConfig()
  const { dispatch } = useAuthStep()
  const { addPasskeyOnSignup } = useAuthUi()
  const { mutateAsync } = useMutation({
    mutationKey: ['signInWithPasskey'],
    mutationFn: () => signInWithPasskey(config),
  })
  return useCallback(async () => {
    dispatch({ type: 'PASSKEY_STARTED' })
    try {
      dispatch(toAuthStepEvent(await mutateAsync(), { addPasskeyOnSignup }), 'passkey_verify')
    } catch (error) {
      dispatch({ type: 'FAILED', error: toError(error) }, 'passkey_verify')
    }
  }, [mutateAsync, dispatch, addPasskeyOnSignup])
}
