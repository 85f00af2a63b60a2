import { BaseError } from '@sigil/protocol'

/**
 * `/v1/prepare-oauth` answered no `authProviders`.
 *
 * @example
 * catch (error) { if (error instanceof OAuthProvidersError) hideSocialButtons() }
 */
export class OAuthProvidersError extends BaseError {
  override name = 'OAuthProvidersError' as const

  constructor() {
    super('OAuth providers not found')
  }
}
