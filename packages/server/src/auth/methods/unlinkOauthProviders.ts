import type { SigilContext } from '../../SigilContext.js'
import type { StoredOauthProvider } from '../../users/createUserAccount.js'
import { hasOtherSignInMethod, lockUserRow } from '../../users/hasOtherSignInMethod.js'
import { authMethodErrors } from './authMethodErrors.js'

/**
 * Removes the user's provider links with these ids, all or none, in one transaction that first takes
 * the user's row (so two concurrent removals cannot each leave the other's link as the last one).
 * Throws `OAUTH_PROVIDER_NOT_LINKED` when an id is not the user's, and `LAST_SIGN_IN_METHOD` when
 * nothing would be left to sign in with (`hasOtherSignInMethod`).
 *
 * @example
 * await unlinkOauthProviders(ctx, { userId, providerIds: ['…'] })
 */
export async function unlinkOauthProviders(
  ctx: SigilContext,
  { userId, providerIds }: { userId: string; providerIds: string[] },
): Promise<void> {
  const now = ctx.now()
  await ctx.batcher.run(async (trx) => {
    await lockUserRow(trx, { userId, now })
    const user = await trx
      .selectFrom('users')
      .select('oauth_providers')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    const providers = JSON.parse(user.oauth_providers) as StoredOauthProvider[]
    if (!providerIds.every((id) => providers.some((provider) => provider.providerId === id)))
      throw authMethodErrors.providerNotLinked()
    const kept = providers.filter((provider) => !providerIds.includes(provider.providerId))
    if (!(await hasOtherSignInMethod(trx, { userId, removed: { oauthProviderIds: providerIds } })))
      throw authMethodErrors.lastSignInMethod()
    await trx
      .deleteFrom('oauth_identities')
      .where('user_id', '=', userId)
      .where('provider_id', 'in', providerIds)
      .execute()
    await trx
      .updateTable('users')
      .set({ oauth_providers: JSON.stringify(kept) })
      .where('id', '=', userId)
      .execute()
  })
}
