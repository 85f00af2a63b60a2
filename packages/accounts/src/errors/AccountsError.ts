import { BaseError } from '@sigil/protocol'

/**
 * A misuse of `@sigil/accounts` that has no more specific class, e.g. a call the account cannot decode.
 *
 * @example
 * throw new AccountsError('Unknown call data selector 0x12345678')
 */
export class AccountsError extends BaseError {
  override name = 'AccountsError' as const
}
