import { BaseError } from '@sigil/protocol'

/**
 * The wallet did not connect: it gave no account, or answered with something other than an account
 * list. (A refusal by the user keeps the wallet's own error, code 4001.)
 *
 * @example
 * await connectAsync({ connector }) // WalletConnectionError: The wallet returned no account
 */
export class WalletConnectionError extends BaseError {
  override name = 'WalletConnectionError' as const
}
