import type { AuthMethods, OauthProviderInfo } from '@sigil/protocol'
import type { SigilContext } from '../../SigilContext.js'
import type { StoredOauthProvider } from '../../users/createUserAccount.js'

/**
 * A user's sign-in methods: the email the user has proven (an unproven one signs no one in), the
 * phone number, the linked OAuth provider accounts and the passkeys.
 *
 * @example
 * const { email, oauthProviders, passkeys } = await readAuthMethods(ctx, { userId })
 */
export async function readAuthMethods(
  ctx: SigilContext,
  { userId }: { userId: string },
): Promise<AuthMethods> {
  const user = await ctx.store.db
    .selectFrom('users')
    .select(['phone_number', 'oauth_providers'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  const email = await ctx.store.db
    .selectFrom('email_identities')
    .select('email')
    .where('user_id', '=', userId)
    .orderBy('proven_at')
    .executeTakeFirst()
  const passkeys = await ctx.store.db
    .selectFrom('authenticators')
    .select(['id', 'name', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  const providers = JSON.parse(user.oauth_providers) as (StoredOauthProvider & { userDisplayName?: string })[]
  return {
    ...(email ? { email: email.email } : {}),
    ...(user.phone_number ? { phone: user.phone_number } : {}),
    oauthProviders: providers.map(
      (provider): OauthProviderInfo => ({
        providerId: provider.providerId,
        issuer: provider.issuer,
        providerName: provider.providerName,
        ...(provider.userDisplayName ? { userDisplayName: provider.userDisplayName } : {}),
      }),
    ),
    passkeys: passkeys.map((passkey) => ({
      authenticatorId: passkey.id,
      name: passkey.name,
      createdAt: Number(passkey.created_at),
    })),
  }
}
