import { watchSignInStep } from '@sigil/core'
import { useEffect } from 'react'
import { useSigilConfig } from '../../hooks/useSigilConfig.js'
import { getErrorScreenTexts } from '../../ui/getErrorScreenTexts.js'
import { getProviderDisplayName } from '../../ui/getProviderDisplayName.js'
import { Spinner } from '../../ui/Spinner.js'
import { texts } from '../../ui/texts.js'
import type { AuthStep } from '../AuthStep.js'
import { ErrorScreen } from '../ErrorScreen.js'
import { SupportLink } from '../SupportLink.js'
import { useAuthStep } from '../useAuthStep.js'
import { useOauthSignIn } from '../useOauthSignIn.js'

/**
 * Step oauth_completing: 'Continue with {provider}' while the popup (or redirect) runs. A failure
 * draws "Couldn't connect to {provider}" / 'The connection failed or canceled', whose Try again
 * opens the provider again; a closed popup has already gone back to the first step.
 *
 * @example
 * <OauthCompletingStep authStep={{ type: 'oauth_completing', config: { type: 'social', authProviderId: 'google', mode: 'popup' } }} />
 */
export function OauthCompletingStep({
  authStep,
}: {
  authStep: Extract<AuthStep, { type: 'oauth_completing' }>
}) {
  const config = useSigilConfig()
  const { dispatch } = useAuthStep()
  const signInWithOauth = useOauthSignIn()
  const name = getProviderDisplayName(authStep.config)
  // A popup sign-in is finished by useOauthSignIn (it knows whether the user is new, for the
  // passkey offer); completing here as soon as the signer connects would race it.
  const isPopup = authStep.config.mode === 'popup'
  useEffect(() => {
    if (isPopup) return
    return watchSignInStep(config, { current: true })((step) => {
      if (step.next === 'done') dispatch({ type: 'COMPLETE' }, 'oauth_completing')
    })
  }, [config, isPopup, dispatch])
  if (authStep.error) {
    const screen = getErrorScreenTexts(authStep.error, { kind: 'oauth', name })
    return (
      <ErrorScreen
        heading={screen.heading}
        body={screen.body}
        tryAgainLabel={screen.tryAgain}
        onTryAgain={() => void signInWithOauth(authStep.config)}
        onUseAnotherMethod={() => dispatch({ type: 'USE_ANOTHER_METHOD' })}
      />
    )
  }
  return (
    <>
      <Spinner />
      <h2>{texts.oauth.continueWith(name)}</h2>
      <p className="sigil-muted">{texts.oauth.followPopup(name)}</p>
      <SupportLink prompt="needHelp" />
    </>
  )
}
