import { BaseError } from '@sigil/protocol'

/**
 * The user closed the OAuth popup before it finished.
 *
 * @example
 * catch (error) { if (error instanceof OauthCancelledError) showLoginAgain() }
 */
export class OauthCancelledError extends BaseError {
  override name = 'OauthCancelledError' as const

  constructor() {
    super('OAuth cancelled')
  }
}
