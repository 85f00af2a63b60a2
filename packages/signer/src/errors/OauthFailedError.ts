import { BaseError } from '@sigil/protocol'

/**
 * The OAuth popup reported an error (`alchemyError`); the message is the server's text.
 *
 * @example
 * catch (error) { if (error instanceof OauthFailedError) showError(error.message) }
 */
export class OauthFailedError extends BaseError {
  override name = 'OauthFailedError' as const
}
