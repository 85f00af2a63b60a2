import type { AuthType } from '../AuthUiConfig.js'
import { EmailSection } from './EmailSection.js'
import { PasskeyButton } from './PasskeyButton.js'
import { SocialButton } from './SocialButton.js'
import { WalletsButton } from './WalletsButton.js'

/**
 * One group of auth methods of the first step, in the order the UI options list them.
 *
 * @example
 * <AuthSection section={[{ type: 'passkey' }, { type: 'social', authProviderId: 'google', mode: 'popup' }]} />
 */
export function AuthSection({ section }: { section: AuthType[] }) {
  return (
    <div className="sigil-stack">
      {section.map((auth) => {
        switch (auth.type) {
          case 'email':
            return <EmailSection key="email" {...auth} />
          case 'passkey':
            return <PasskeyButton key="passkey" />
          case 'social':
            return (
              <SocialButton key={`social-${auth.authProviderId}-${auth.auth0Connection ?? ''}`} {...auth} />
            )
          case 'external_wallets':
            return <WalletsButton key="external_wallets" />
          default:
            return null
        }
      })}
    </div>
  )
}
