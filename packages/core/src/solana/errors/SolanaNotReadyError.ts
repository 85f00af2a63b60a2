import { BaseError } from '@sigil/protocol'

/**
 * `useSolanaTransaction` ran without a Solana signer (nobody signed in, or no Solana address) or
 * without a connection (neither in its options nor in `SigilSolanaContext`).
 *
 * @example
 * sendTransaction({ transfer }) // before sign-in: error.message === 'Not ready'
 */
export class SolanaNotReadyError extends BaseError {
  override name = 'SolanaNotReadyError' as const

  constructor() {
    super('Not ready')
  }
}
