export { AuthCard, type AuthCardProps } from './components/AuthCard.js'
export { AuthModal, type AuthModalProps } from './components/AuthModal.js'
export type { AuthStep, AuthStepType, AuthWallet, OtpStatus } from './components/AuthStep.js'
export {
  type AuthType,
  type AuthUiConfig,
  defaultAuthSections,
  type EmailAuthType,
  type ExternalWalletsAuthType,
  type PasskeyAuthType,
  type SocialAuthType,
} from './components/AuthUiConfig.js'
export * from './headless/index.js'
export { getPasskeyErrorText } from './ui/getPasskeyErrorText.js'
export { texts } from './ui/texts.js'
export { version } from './version.js'
