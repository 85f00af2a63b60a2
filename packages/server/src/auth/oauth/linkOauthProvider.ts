import type { SigilContext } from '../../SigilContext.js'
import type { StoredOauthProvider } from '../../users/createUserAccount.js'
import { recordOauthIdentity } from '../../users/recordOauthIdentity.js'

/**
 * Adds a provider account to a user's `oauth_providers`, so later logins with it find the user, and
 * records it in `oauth_identities` (at most one user of an app per provider account: throws
 * `OAUTH_IDENTITY_TAKEN` when another user holds it). A provider account the user already holds is
 * not added twice; the entry it has is answered.
 *
 * @example
 * await linkOauthProvider(ctx, { appId, userId, provider: { providerId, providerName: 'google', issuer, audience, subject, createdAt: Date.now() } })
 */
export async function linkOauthProvider(
  ctx: SigilContext,
  { appId, userId, provider }: { appId: string; userId: string; provider: StoredOauthProvider },
): Promise<StoredOauthProvider> {
  return ctx.batcher.run(async (trx) => {
    // Takes the user's row lock first (PostgreSQL), so concurrent changes of the list do not lose one.
    await trx.updateTable('users').set({ updated_at: provider.createdAt }).where('id', '=', userId).execute()
    const user = await trx
      .selectFrom('users')
      .select('oauth_providers')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    const providers = JSON.parse(user.oauth_providers) as StoredOauthProvider[]
    const held = providers.find(
      (candidate) => candidate.issuer === provider.issuer && candidate.subject === provider.subject,
    )
    await recordOauthIdentity(trx, {
      appId,
      userId,
      provider: held ?? provider,
    })
    if (held) return held
    await trx
      .updateTable('users')
      .set({ oauth_providers: JSON.stringify([...providers, provider]) })
      .where('id', '=', userId)
      .execute()
    return provider
  })
}
