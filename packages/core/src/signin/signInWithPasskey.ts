import { signerStatus } from '@sigil/signer'
import { requireSigner } from '../actions/requireSigner.js'
import type { SigilConfig } from '../createConfig.js'
import type { SignInDone, SignInMfa } from './SignInStep.js'
import { signInUntil } from './signInUntil.js'
import { toSignInDone } from './toSignInDone.js'

export type SignInWithPasskeyReturnType = SignInDone | SignInMfa

/**
 * Signs in with a passkey the user already has (browser only): the browser asks for it, the
 * server finds the user from it. `{ next: 'done' }`, or `{ next: 'mfa' }` when the signer stops at
 * its second-factor gate. A refused or cancelled prompt throws the browser's error
 * (`NotAllowedError`, `SecurityError`, …).
 *
 * @example
 * const step = await signInWithPasskey(config)
 */
export async function signInWithPasskey(config: SigilConfig): Promise<SignInWithPasskeyReturnType> {
  const signer = requireSigner(config)
  await signer.ready
  const reached = await signInUntil(signer, [signerStatus.AWAITING_MFA_AUTH], () =>
    signer.authenticate({ type: 'passkey', createNew: false }),
  )
  if (!reached.status) return toSignInDone(signer, reached.user)
  return { next: 'mfa', factorId: signer.mfaStatus.mfaFactorId ?? '' }
}
