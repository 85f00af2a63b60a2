import { BaseError } from '@sigil/protocol'

/**
 * A misuse of `@sigil/core` that has no more specific class, e.g. `cookieStorage().clear()`.
 *
 * @example
 * throw new CoreError('cookieStorage cannot clear every cookie')
 */
export class CoreError extends BaseError {
  override name = 'CoreError' as const
}
