import { randomBytes } from 'node:crypto'
import { base64urlEncode } from '@sigil/protocol'
import { calculatePKCECodeChallenge, randomPKCECodeVerifier } from 'openid-client'
import { z } from 'zod'
import { defineSignerRoute } from '../../signin/defineSignerRoute.js'
import { type AuthProvider, listAuthProviders } from './listAuthProviders.js'

/** Life of a `requestKey` (and its PKCE verifier). */
export const oauthRequestLifetimeMs = 10 * 60 * 1000

/** Rows this long past their expiry are deleted when a new request is prepared. */
const keepExpiredMs = 60 * 60 * 1000

/**
 * `POST /signer/v1/prepare-oauth {nonce}`: starts an OAuth login. The PKCE verifier stays on the
 * server, sealed, under a random single-use `requestKey` that expires in 10 minutes and is bound to
 * the app and the nonce; the client gets the S256 challenge, the key and the providers to choose from.
 */
export const prepareOauthRoute = defineSignerRoute({
  path: '/v1/prepare-oauth',
  schema: z.object({
    nonce: z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'nonce must be the lowercase hex SHA-256 of the target public key'),
  }),
  async handle(
    ctx,
    request,
    body,
  ): Promise<{ codeChallenge: string; requestKey: string; authProviders: AuthProvider[] }> {
    const authProviders = await listAuthProviders(ctx, request.app)
    const codeVerifier = randomPKCECodeVerifier()
    const codeChallenge = await calculatePKCECodeChallenge(codeVerifier)
    const requestKey = base64urlEncode(randomBytes(32))
    const sealedCodeVerifier = ctx.vault.seal(
      new TextEncoder().encode(codeVerifier),
      `oauth_request:${requestKey}`,
    )
    const now = ctx.now()
    await ctx.batcher.run(async (trx) => {
      await trx
        .deleteFrom('oauth_requests')
        .where('expires_at', '<', now - keepExpiredMs)
        .execute()
      await trx
        .insertInto('oauth_requests')
        .values({
          id: requestKey,
          app_id: request.app.id,
          sealed_code_verifier: sealedCodeVerifier,
          nonce: body.nonce,
          expires_at: now + oauthRequestLifetimeMs,
          used_at: null,
          created_at: now,
        })
        .execute()
    })
    return { codeChallenge, requestKey, authProviders }
  },
})
