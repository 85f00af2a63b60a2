import { requireSigner } from '../actions/requireSigner.js'
import type { SigilConfig } from '../createConfig.js'
import type { SignInDone } from './SignInStep.js'
import { toSignInStep } from './toSignInStep.js'

export type CreatePasskeyAccountParameters = {
  /** The passkey's name in the user's password manager. */
  username: string
  /** WebAuthn creation options merged over Sigil's. */
  creationOpts?: CredentialCreationOptions | undefined
}

export type CreatePasskeyAccountReturnType = SignInDone

/**
 * Signs a new user up with a new passkey (browser only) and signs them in with it:
 * `{ next: 'done', isNewUser: true }`.
 *
 * @example
 * const { user } = await createPasskeyAccount(config, { username: 'ada' })
 */
export async function createPasskeyAccount(
  config: SigilConfig,
  { username, creationOpts }: CreatePasskeyAccountParameters,
): Promise<CreatePasskeyAccountReturnType> {
  const signer = requireSigner(config)
  await signer.ready
  const step = await signer.startAuthentication({ type: 'passkey', createNew: true, username, creationOpts })
  return toSignInStep(signer, step) as CreatePasskeyAccountReturnType
}
