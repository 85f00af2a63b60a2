import type { AuthStep } from './AuthStep.js'
import { AddPasskeyStep } from './steps/AddPasskeyStep.js'
import { CompletingStep } from './steps/CompletingStep.js'
import { EmailVerifyStep } from './steps/EmailVerifyStep.js'
import { InitialStep } from './steps/InitialStep.js'
import { OauthCompletingStep } from './steps/OauthCompletingStep.js'
import { OtpVerifyStep } from './steps/OtpVerifyStep.js'
import { PasskeyAddedStep } from './steps/PasskeyAddedStep.js'
import { PasskeyVerifyStep } from './steps/PasskeyVerifyStep.js'
import { PickWalletStep } from './steps/PickWalletStep.js'
import { TotpVerifyStep } from './steps/TotpVerifyStep.js'
import { WalletConnectingStep } from './steps/WalletConnectingStep.js'
import { WalletConnectStep } from './steps/WalletConnectStep.js'

/**
 * Draws the screen of `authStep`. `complete` shows the first step again, as the reference does: the
 * modal closes, and an app hides an inline card once the user is signed in.
 *
 * @example
 * <AuthStepView authStep={authStep} />
 */
export function AuthStepView({ authStep }: { authStep: AuthStep }) {
  switch (authStep.type) {
    case 'email_verify':
      return <EmailVerifyStep email={authStep.email} />
    case 'otp_verify':
      return <OtpVerifyStep authStep={authStep} />
    case 'totp_verify':
      return <TotpVerifyStep authStep={authStep} />
    case 'passkey_verify':
      return <PasskeyVerifyStep authStep={authStep} />
    case 'passkey_create':
      return <AddPasskeyStep authStep={authStep} />
    case 'passkey_create_success':
      return <PasskeyAddedStep />
    case 'email_completing':
      return <CompletingStep />
    case 'oauth_completing':
      return <OauthCompletingStep authStep={authStep} />
    case 'pick_eoa':
      return <PickWalletStep />
    case 'eoa_connect':
      return <WalletConnectingStep authStep={authStep} />
    case 'wallet_connect':
      return <WalletConnectStep authStep={authStep} />
    case 'initial':
    case 'complete':
      return <InitialStep authStep={authStep} />
  }
}
