import { createHash } from 'node:crypto'
import type { SigilContext } from '../../SigilContext.js'

/** How long an ID token fetched for linking can be linked, at most (less if the token expires first). */
export const oauthLinkGrantLifetimeMs = 10 * 60_000

export type GrantOauthLinkParameters = {
  appId: string
  /** The ID token as the provider issued it (verified by the code exchange). */
  idToken: string
  providerName: string
  issuer: string
  audience: string
  subject: string
  /** The token's email claim, if any. */
  email?: unknown
  /** The token's `exp` (seconds). */
  expiresAtSeconds?: number | undefined
}

/** The key of a grant: hex SHA-256 of the ID token. */
export const hashIdToken = (idToken: string) => createHash('sha256').update(idToken).digest('hex')

/**
 * Records that the OAuth callback fetched `idToken` for `appId` through Account Kit's
 * `fetchIdTokenOnly` flow, with the claims the code exchange verified: `/v1/add-oauth-provider`
 * links a provider account only from such a grant, once. A token obtained anywhere else (another
 * app's sign-in, the provider directly) is refused there. Expired grants are pruned here.
 *
 * @example
 * await grantOauthLink(ctx, { appId, idToken, providerName: 'google', issuer, audience, subject, email, expiresAtSeconds: claims.exp })
 */
export async function grantOauthLink(ctx: SigilContext, parameters: GrantOauthLinkParameters): Promise<void> {
  const now = ctx.now()
  const expiresAt = Math.min(
    now + oauthLinkGrantLifetimeMs,
    parameters.expiresAtSeconds ? parameters.expiresAtSeconds * 1000 : Number.POSITIVE_INFINITY,
  )
  await ctx.batcher.run(async (trx) => {
    await trx.deleteFrom('oauth_link_grants').where('expires_at', '<', now).execute()
    await trx
      .insertInto('oauth_link_grants')
      .values({
        token_hash: hashIdToken(parameters.idToken),
        app_id: parameters.appId,
        provider_name: parameters.providerName,
        issuer: parameters.issuer,
        audience: parameters.audience,
        subject: parameters.subject,
        display_name:
          typeof parameters.email === 'string' && parameters.email.length <= 320 ? parameters.email : null,
        expires_at: expiresAt,
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute()
  })
}
