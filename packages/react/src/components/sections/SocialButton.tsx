import { Button } from '../../ui/Button.js'
import { getProviderDisplayName } from '../../ui/getProviderDisplayName.js'
import { texts } from '../../ui/texts.js'
import type { SocialAuthType } from '../AuthUiConfig.js'
import { useOauthSignIn } from '../useOauthSignIn.js'

/**
 * A social sign-in button, 'Continue with {provider}': `authenticate({...config, type:'oauth'})` in
 * the config's popup or redirect mode.
 *
 * @example
 * <SocialButton type="social" authProviderId="google" mode="popup" />
 */
export function SocialButton(config: SocialAuthType) {
  const signInWithOauth = useOauthSignIn()
  const name = getProviderDisplayName(config)
  return (
    <Button
      onClick={() => void signInWithOauth(config)}
      icon={config.logoUrl ? <img src={config.logoUrl} alt="" /> : undefined}
    >
      {texts.login.continueWith(name)}
    </Button>
  )
}
