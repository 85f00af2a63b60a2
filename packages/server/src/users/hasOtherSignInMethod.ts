import type { SigilContext } from '../SigilContext.js'

/**
 * Whether the user could still sign in without its proven `except` contact (`email` or `phone`):
 * another proven email or phone, a passkey, or a linked OAuth provider. Removing the last one would
 * leave the wallet unreachable once the session ends.
 *
 * @example
 * if (!(await hasOtherSignInMethod(ctx, { userId, except: 'phone' }))) throw lastSignInMethod()
 */
export async function hasOtherSignInMethod(
  ctx: SigilContext,
  { userId, except }: { userId: string; except: 'email' | 'phone' },
): Promise<boolean> {
  const db = ctx.store.db
  const user = await db
    .selectFrom('users')
    .select('oauth_providers')
    .where('id', '=', userId)
    .executeTakeFirst()
  if (user && user.oauth_providers !== '[]') return true
  const passkey = await db
    .selectFrom('authenticators')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (passkey) return true
  const other =
    except === 'email'
      ? await db
          .selectFrom('phone_identities')
          .select('user_id')
          .where('user_id', '=', userId)
          .executeTakeFirst()
      : await db
          .selectFrom('email_identities')
          .select('user_id')
          .where('user_id', '=', userId)
          .executeTakeFirst()
  return other !== undefined
}
