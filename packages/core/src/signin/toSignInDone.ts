import type { Signer, User } from '@sigil/signer'
import type { SignInDone } from './SignInStep.js'

/**
 * The `done` step of a finished sign-in, with the signer's word on whether it created the account.
 *
 * @example
 * return toSignInDone(signer, await signer.authenticate({ type: 'passkey', createNew: false }))
 */
export function toSignInDone(signer: Signer, user: User): SignInDone {
  return { next: 'done', user, isNewUser: signer.isNewUser === true }
}
