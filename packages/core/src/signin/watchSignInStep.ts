import { signerStatus } from '@sigil/signer'
import { watchSignerStatus } from '../actions/watchSignerStatus.js'
import type { SigilConfig } from '../createConfig.js'
import type { SignerStatusState } from '../store/CoreState.js'
import type { SignInDone, SignInMfa } from './SignInStep.js'

/** An emailed link's return is being completed while the page starts ('Completing login'). */
export type SignInCompleting = { next: 'completing' }

/** A sign-in that was under way ended DISCONNECTED with an error (e.g. an expired link). */
export type SignInFailed = { next: 'failed'; error: Error }

export type WatchedSignInStep = SignInCompleting | SignInMfa | SignInDone | SignInFailed

export type WatchSignInStepOptions = {
  /** Also report the step the signer is at now (`mfa`, `done` or `failed`), not only changes. */
  current?: boolean | undefined
}

/** The step a change of the signer status means, if any (`previous` undefined: the status now). */
function toStep(
  config: SigilConfig,
  { status, error }: SignerStatusState,
  previous: SignerStatusState['status'] | undefined,
): WatchedSignInStep | undefined {
  const { signer, user } = config.store.getState()
  if (status === signerStatus.AUTHENTICATING_EMAIL && previous === signerStatus.INITIALIZING)
    return { next: 'completing' }
  if (status === previous) return error && status === signerStatus.DISCONNECTED ? failed(error) : undefined
  if (status === signerStatus.AWAITING_MFA_AUTH) {
    const factorId = signer?.mfaStatus.mfaFactorId ?? ''
    const factorType =
      signer?.getPendingMfaFactors().find((factor) => factor.multiFactorId === factorId)?.multiFactorType ??
      'totp'
    return { next: 'mfa', factorId, factorType }
  }
  if (status === signerStatus.CONNECTED && user)
    return { next: 'done', user, isNewUser: signer?.isNewUser === true }
  if (status === signerStatus.DISCONNECTED && error) return failed(error)
  return undefined
}

const failed = ({ name, message }: { name: string; message: string }): SignInFailed => ({
  next: 'failed',
  error: Object.assign(new Error(message), { name }),
})

/**
 * Reports the steps of sign-ins that finish outside a sign-in action: an emailed link opened (here,
 * in another tab, or as this page's address: `completing`, then `done` or `failed`), an OAuth
 * redirect return or popup that stops at the second-factor gate (`mfa`), a session that arrives
 * from another tab (`done`). `watchSignInStep(config, options)(onStep)` returns the function that
 * stops watching.
 *
 * @example
 * const unwatch = watchSignInStep(config)((step) => {
 *   if (step.next === 'done') navigate('/home')
 * })
 */
export function watchSignInStep(config: SigilConfig, { current = false }: WatchSignInStepOptions = {}) {
  return (onStep: (step: WatchedSignInStep) => void): (() => void) => {
    if (current) {
      const step = toStep(config, config.store.getState().signerStatus, undefined)
      if (step) onStep(step)
    }
    return watchSignerStatus(config)((status, previous) => {
      const step = toStep(config, status, previous.status)
      if (step) onStep(step)
    })
  }
}
