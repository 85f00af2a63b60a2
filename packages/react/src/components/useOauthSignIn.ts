import { OauthCancelledError, type SignInWithOauthParameters, signInWithOauth } from '@sigil/core'
import { useMutation } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useSigilConfig } from '../hooks/useSigilConfig.js'
import { toError } from '../ui/toError.js'
import type { SocialAuthType } from './AuthUiConfig.js'
import { useAuthUi } from './AuthUiContext.js'
import { toAuthStepEvent } from './toAuthStepEvent.js'
import { useAuthStep } from './useAuthStep.js'

/**
 * Signs in with a social provider through step oauth_completing with core `signInWithOauth`, in
 * popup or redirect mode. A closed popup (`OauthCancelledError`) goes back to the first step; other
 * failures draw "Couldn't connect to {provider}"; a user with an authenticator factor is asked for
 * its code.
 *
 * @example
 * const signInWithOauth = useOauthSignIn()
 * signInWithOauth({ type: 'social', authProviderId: 'google', mode: 'popup' })
 */
export function useOauthSignIn() {
  const config = useSigilConfig()
  const { dispatch } = useAuthStep()
  const { addPasskeyOnSignup } = useAuthUi()
  const { mutateAsync } = useMutation({
    mutationKey: ['signInWithOauth'],
    mutationFn: (parameters: SignInWithOauthParameters) => signInWithOauth(config, parameters),
  })
  return useCallback(
    async (social: SocialAuthType) => {
      dispatch({ type: 'OAUTH_STARTED', config: social })
      const { type: _, displayName: _name, logoUrl: _logo, logoUrlDark: _dark, ...oauth } = social
      try {
        dispatch(toAuthStepEvent(await mutateAsync(oauth), { addPasskeyOnSignup }), 'oauth_completing')
      } catch (error) {
        if (error instanceof OauthCancelledError) dispatch({ type: 'OAUTH_CANCELLED' }, 'oauth_completing')
        else dispatch({ type: 'FAILED', error: toError(error) }, 'oauth_completing')
      }
    },
    [mutateAsync, dispatch, addPasskeyOnSignup],
  )
}
