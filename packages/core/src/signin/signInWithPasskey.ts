import { requireSigner } from '../actions/requireSigner.js'
import type { SigilConfig } from '../createConfig.js'
import type { SignInDone } from './SignInStep.js'
import { toSignInStep } from './toSignInStep.js'

export type SignInWithPasskeyReturnType = SignInDone

/**
 * Signs in with a passkey the user already has (browser only): the browser asks for it, the
 * server finds the user from it; `{ next: 'done' }`. A refused or cancelled prompt throws the
 * browser's error (`NotAllowedError`, `SecurityError`, …).
 *
 * @example
 * const { user } = await signInWithPasskey(config)
 */
export async function signInWithPasskey(config: SigilConfig): Promise<SignInWithPasskeyReturnType> {
  const signer = requireSigner(config)
  await signer.ready
  const step = await signer.startAuthentication({ type: 'passkey', createNew: false })
  return toSignInStep(signer, step) as SignInWithPasskeyReturnType
}
