import type { App } from '../../apps/App.js'
import { toApp } from '../../apps/toApp.js'
import type { SigilContext } from '../../SigilContext.js'

export type OauthRequest = {
  requestKey: string
  app: App
  sealedCodeVerifier: string
  nonce: string
  expiresAt: number
  usedAt: number | null
}

/**
 * The OAuth request a `requestKey` names, with its app, whether or not it is still usable (the
 * callback needs the app to know where it may deliver an error). Undefined for an unknown key.
 *
 * @example
 * const request = await findOauthRequest(ctx, state.requestKey)
 */
export async function findOauthRequest(
  ctx: SigilContext,
  requestKey: string,
): Promise<OauthRequest | undefined> {
  const row = await ctx.store.db
    .selectFrom('oauth_requests')
    .innerJoin('apps', 'apps.id', 'oauth_requests.app_id')
    .selectAll('apps')
    .select([
      'oauth_requests.sealed_code_verifier',
      'oauth_requests.nonce',
      'oauth_requests.expires_at',
      'oauth_requests.used_at',
    ])
    .where('oauth_requests.id', '=', requestKey)
    .executeTakeFirst()
  if (!row) return undefined
  return {
    requestKey,
    app: toApp(row),
    sealedCodeVerifier: row.sealed_code_verifier,
    nonce: row.nonce,
    expiresAt: Number(row.expires_at),
    usedAt: row.used_at === null ? null : Number(row.used_at),
  }
}
