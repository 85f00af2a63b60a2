import { OauthCancelledError } from '@sigil/signer'
import { useCallback } from 'react'
import { useAuthenticate } from '../hooks/useAuthenticate.js'
import { useSigner } from '../hooks/useSigner.js'
import { toError } from '../ui/toError.js'
import type { SocialAuthType } from './AuthUiConfig.js'
import { useAuthUi } from './AuthUiContext.js'
import { useAuthStep } from './useAuthStep.js'

/**
 * Signs in with a social provider through step oauth_completing: `authenticate({...config,
 * type:'oauth'})` in popup or redirect mode. A closed popup (`OauthCancelledError`) goes back to the
 * first step; other failures draw "Couldn't connect to {provider}".
 *
 * @example
 * const signInWithOauth = useOauthSignIn()
 * signInWithOauth({ type: 'social', authProviderId: 'google', mode: 'popup' })
 */
export function useOauthSignIn() {
  const { authenticateAsync } = useAuthenticate()
  const { dispatch } = useAuthStep()
  const { addPasskeyOnSignup } = useAuthUi()
  const signer = useSigner()
  return useCallback(
    async (config: SocialAuthType) => {
      dispatch({ type: 'OAUTH_STARTED', config })
      const { type: _, displayName: _name, logoUrl: _logo, logoUrlDark: _dark, ...oauth } = config
      try {
        await authenticateAsync({ ...oauth, type: 'oauth' })
        dispatch({ type: 'CONNECTED', isNewUser: signer?.isNewUser, addPasskeyOnSignup }, 'oauth_completing')
      } catch (error) {
        if (error instanceof OauthCancelledError) dispatch({ type: 'OAUTH_CANCELLED' }, 'oauth_completing')
        else dispatch({ type: 'FAILED', error: toError(error) }, 'oauth_completing')
      }
    },
    [authenticateAsync, dispatch, addPasskeyOnSignup, signer],
  )
}
