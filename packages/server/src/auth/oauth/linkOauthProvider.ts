import type { SigilContext } from '../../SigilContext.js'
import type { StoredOauthProvider } from '../../users/createUserAccount.js'

/**
 * Adds a provider account to a user's `oauth_providers`, so later logins with it find the user.
 *
 * @example
 * await linkOauthProvider(ctx, userId, { providerId, providerName: 'google', issuer, audience, subject, createdAt: Date.now() })
 */
export async function linkOauthProvider(
  ctx: SigilContext,
  userId: string,
  provider: StoredOauthProvider,
): Promise<void> {
  await ctx.batcher.run(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select('oauth_providers')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    const providers = JSON.parse(user.oauth_providers) as StoredOauthProvider[]
    await trx
      .updateTable('users')
      .set({ oauth_providers: JSON.stringify([...providers, provider]), updated_at: provider.createdAt })
      .where('id', '=', userId)
      .execute()
  })
}
