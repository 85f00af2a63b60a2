import type { SigilContext } from '../../SigilContext.js'
import { hashIdToken } from '../oauth/grantOauthLink.js'
import { authMethodErrors } from './authMethodErrors.js'

export type OauthLinkGrant = {
  providerName: string
  issuer: string
  audience: string
  subject: string
  displayName: string | null
}

/**
 * Uses up the grant the OAuth callback recorded for `idToken` in this app (`grantOauthLink`), once:
 * of two requests racing with one token, one gets it. Throws `OAUTH_LINK_TOKEN_INVALID` for a token
 * with no grant (fetched for another app, or not through the callback at all), a used or an expired
 * one, or one fetched from another provider than `providerName`.
 *
 * @example
 * const { issuer, subject } = await consumeOauthLinkGrant(ctx, { appId, idToken, providerName: 'google' })
 */
export async function consumeOauthLinkGrant(
  ctx: SigilContext,
  { appId, idToken, providerName }: { appId: string; idToken: string; providerName: string },
): Promise<OauthLinkGrant> {
  const tokenHash = hashIdToken(idToken)
  const now = ctx.now()
  const grant = await ctx.batcher.run(async (trx) => {
    const row = await trx
      .selectFrom('oauth_link_grants')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('app_id', '=', appId)
      .where('provider_name', '=', providerName)
      .executeTakeFirst()
    if (!row) return undefined
    const deleted = await trx
      .deleteFrom('oauth_link_grants')
      .where('token_hash', '=', tokenHash)
      .where('app_id', '=', appId)
      .where('expires_at', '>', now)
      .executeTakeFirst()
    return Number(deleted.numDeletedRows) === 1 ? row : undefined
  })
  if (!grant) throw authMethodErrors.linkTokenInvalid()
  return {
    providerName: grant.provider_name,
    issuer: grant.issuer,
    audience: grant.audience,
    subject: grant.subject,
    displayName: grant.display_name,
  }
}
