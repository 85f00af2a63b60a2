import type { App } from '../apps/App.js'
import type { SigilContext } from '../SigilContext.js'

/**
 * An account of `app` that an SMS sign-up created for this number and that was never confirmed: no
 * proven phone or email, and no credential at all (no passkey, no API or session key, no OAuth
 * link, no MFA factor), so nobody can act in it and the next SMS sign-up for the number may take it
 * over. The phone twin of `findReusableEmailAccount`.
 *
 * @example
 * const account = await findReusablePhoneAccount(ctx, app, '+14155550123')
 */
export async function findReusablePhoneAccount(
  ctx: SigilContext,
  app: App,
  phone: string,
): Promise<{ organizationId: string; userId: string } | undefined> {
  return ctx.store.db
    .selectFrom('users')
    .innerJoin('organizations', 'organizations.id', 'users.organization_id')
    .select(['users.id as userId', 'organizations.id as organizationId'])
    .where('organizations.app_id', '=', app.id)
    .where('users.phone_number', '=', phone)
    .where('users.oauth_providers', '=', '[]')
    .where(({ exists, not, selectFrom, and }) =>
      and([
        exists(
          selectFrom('email_codes')
            .select('email_codes.id')
            .whereRef('email_codes.user_id', '=', 'users.id')
            .where('email_codes.channel', '=', 'sms')
            .where('email_codes.signup', '=', 1),
        ),
        not(exists(selectFrom('phone_identities').select('user_id').whereRef('user_id', '=', 'users.id'))),
        not(exists(selectFrom('email_identities').select('user_id').whereRef('user_id', '=', 'users.id'))),
        not(exists(selectFrom('authenticators').select('id').whereRef('user_id', '=', 'users.id'))),
        not(exists(selectFrom('api_keys').select('id').whereRef('user_id', '=', 'users.id'))),
        not(exists(selectFrom('mfa_factors').select('id').whereRef('user_id', '=', 'users.id'))),
      ]),
    )
    .orderBy('users.created_at')
    .orderBy('users.id')
    .executeTakeFirst()
}
