import type { AuthStep, AuthWallet } from './AuthStep.js'
import type { SocialAuthType } from './AuthUiConfig.js'

/** What happened, as the steps report it to the state machine. */
export type AuthStepEvent =
  /** Email submitted in code mode: ask for the code (before the mail is even sent). */
  | { type: 'EMAIL_CODE_REQUESTED'; email: string }
  /** Email link sent (or the signer reached AWAITING_EMAIL_AUTH in link mode). */
  | { type: 'EMAIL_LINK_SENT'; email: string }
  /** The server wants a TOTP code: after a link request (`magicLink`) or a submitted code (`otp`). */
  | { type: 'MFA_REQUIRED'; previousStep: 'magicLink'; email: string; factorId: string }
  | { type: 'MFA_REQUIRED'; previousStep: 'otp' }
  | { type: 'OTP_VERIFYING' }
  | { type: 'OTP_VERIFIED' }
  | { type: 'PASSKEY_STARTED' }
  | { type: 'OAUTH_STARTED'; config: SocialAuthType }
  | { type: 'OAUTH_CANCELLED' }
  | { type: 'EMAIL_COMPLETING' }
  | { type: 'PICK_WALLET' }
  | { type: 'WALLET_CONNECTING'; wallet: AuthWallet }
  | { type: 'WALLETCONNECT_CONNECTING' }
  /** Signed in: `complete`, or the offer to add a passkey for a new user when the UI asks for it. */
  | { type: 'CONNECTED'; isNewUser?: boolean | undefined; addPasskeyOnSignup?: boolean | undefined }
  | { type: 'PASSKEY_ADDED' }
  | { type: 'FAILED'; error: Error }
  | { type: 'TRY_AGAIN' }
  | { type: 'USE_ANOTHER_METHOD' }
  | { type: 'CANCEL' }
  | { type: 'SKIP' }
  | { type: 'BACK' }
  | { type: 'CLOSE' }
  | { type: 'COMPLETE' }
  /** Back to the first step, with the error of a sign-in that failed elsewhere (email link, resend). */
  | { type: 'RESET'; error?: Error | undefined }

/** Steps with a back arrow (docs/sign-in-ui.md#steps). */
const backSteps = new Set<AuthStep['type']>([
  'email_verify',
  'otp_verify',
  'totp_verify',
  'passkey_verify',
  'passkey_create',
  'pick_eoa',
  'wallet_connect',
  'eoa_connect',
  'oauth_completing',
])

/**
 * Whether `step` has a back arrow. Going back from a sign-in step also ends the sign-in in flight
 * (`shouldDisconnectOnBack`).
 *
 * @example
 * canGoBack({ type: 'pick_eoa' }) // true
 */
export function canGoBack(step: AuthStep): boolean {
  return backSteps.has(step.type)
}

/**
 * Whether leaving `step` backwards must disconnect, to abort the sign-in in flight (every back step
 * except the wallet ones, which are not signer sign-ins).
 *
 * @example
 * shouldDisconnectOnBack({ type: 'otp_verify', email }) // true
 */
export function shouldDisconnectOnBack(step: AuthStep): boolean {
  return canGoBack(step) && !['pick_eoa', 'wallet_connect', 'eoa_connect'].includes(step.type)
}

function withError(step: AuthStep, error: Error): AuthStep {
  switch (step.type) {
    case 'otp_verify':
      return { ...step, error, status: 'error' }
    case 'totp_verify':
    case 'passkey_verify':
    case 'passkey_create':
    case 'oauth_completing':
    case 'eoa_connect':
    case 'wallet_connect':
    case 'initial':
      return { ...step, error }
    case 'pick_eoa':
      return { type: 'pick_eoa' }
    default:
      return { type: 'initial', error }
  }
}

function withoutError(step: AuthStep): AuthStep {
  if (!('error' in step)) return step
  const { error: _, ...rest } = step
  return rest.type === 'otp_verify' ? { ...rest, status: 'base' } : (rest as AuthStep)
}

/**
 * The sign-in UI's state machine (docs/sign-in-ui.md#steps): the step after `event` on
 * `step`. Pure; the components dispatch events and draw the step.
 *
 * - initial → otp_verify (code mode) | email_verify (link mode) | totp_verify (MFA) | passkey_verify
 *   | oauth_completing | pick_eoa; a failure stays on initial with the error.
 * - otp_verify → verifying → success → complete, or totp_verify when a second factor is needed.
 * - pick_eoa → eoa_connect | wallet_connect → complete; Cancel → initial; errors draw the wallet
 *   error screen whose 'Use another method' goes back to pick_eoa (other error screens: initial).
 * - CONNECTED → complete, or passkey_create for a new user with `addPasskeyOnSignup`;
 *   passkey_create → passkey_create_success | complete (Skip).
 * - BACK: wallet steps → pick_eoa, pick_eoa and sign-in steps → initial. CLOSE: passkey_create →
 *   complete, otherwise initial.
 *
 * @example
 * nextAuthStep({ type: 'initial' }, { type: 'EMAIL_CODE_REQUESTED', email: 'ada@example.com' })
 * // { type: 'otp_verify', email: 'ada@example.com', status: 'base' }
 */
export function nextAuthStep(step: AuthStep, event: AuthStepEvent): AuthStep {
  switch (event.type) {
    case 'EMAIL_CODE_REQUESTED':
      return { type: 'otp_verify', email: event.email, status: 'base' }
    case 'EMAIL_LINK_SENT':
      return { type: 'email_verify', email: event.email }
    case 'MFA_REQUIRED':
      return event.previousStep === 'otp'
        ? { type: 'totp_verify', previousStep: 'otp' }
        : { type: 'totp_verify', previousStep: 'magicLink', email: event.email, factorId: event.factorId }
    case 'OTP_VERIFYING':
      return step.type === 'otp_verify'
        ? { type: 'otp_verify', email: step.email, status: 'verifying' }
        : step
    case 'OTP_VERIFIED':
      return step.type === 'otp_verify' ? { type: 'otp_verify', email: step.email, status: 'success' } : step
    case 'PASSKEY_STARTED':
      return { type: 'passkey_verify' }
    case 'OAUTH_STARTED':
      return { type: 'oauth_completing', config: event.config }
    case 'OAUTH_CANCELLED':
      return { type: 'initial' }
    case 'EMAIL_COMPLETING':
      return { type: 'email_completing' }
    case 'PICK_WALLET':
      return { type: 'pick_eoa' }
    case 'WALLET_CONNECTING':
      return { type: 'eoa_connect', wallet: event.wallet }
    case 'WALLETCONNECT_CONNECTING':
      return { type: 'wallet_connect' }
    case 'CONNECTED':
      if (
        step.type === 'complete' ||
        step.type === 'passkey_create' ||
        step.type === 'passkey_create_success'
      )
        return step
      return event.isNewUser && event.addPasskeyOnSignup ? { type: 'passkey_create' } : { type: 'complete' }
    case 'PASSKEY_ADDED':
      return { type: 'passkey_create_success' }
    case 'FAILED':
      return withError(step, event.error)
    case 'TRY_AGAIN':
      return withoutError(step)
    case 'USE_ANOTHER_METHOD':
      return step.type === 'eoa_connect' || step.type === 'wallet_connect'
        ? { type: 'pick_eoa' }
        : { type: 'initial' }
    case 'CANCEL':
      return { type: 'initial' }
    case 'SKIP':
    case 'COMPLETE':
      return { type: 'complete' }
    case 'BACK':
      if (!canGoBack(step)) return step
      return step.type === 'eoa_connect' || step.type === 'wallet_connect'
        ? { type: 'pick_eoa' }
        : { type: 'initial' }
    case 'CLOSE':
      return step.type === 'passkey_create' ? { type: 'complete' } : { type: 'initial' }
    case 'RESET':
      return event.error ? { type: 'initial', error: event.error } : { type: 'initial' }
  }
}
