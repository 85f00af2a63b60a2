import { BaseError } from '@sigil/protocol'

/**
 * A hook that needs a connected signer (`useMFA`) was called before sign-in finished.
 *
 * @example
 * mfa.addMFA.mutate({ multiFactorType: 'totp' }) // before sign-in: Signer not connected or initialized
 */
export class SignerNotReadyError extends BaseError {
  override name = 'SignerNotReadyError' as const

  constructor() {
    super('Signer not connected or initialized')
  }
}
