import type { App } from '../apps/App.js'
import type { SigilContext } from '../SigilContext.js'

/**
 * An account of `app` that an email sign-up created for this email and that was never confirmed:
 * its email is unproven and it holds no credential at all (no passkey, no API or session key, no
 * OAuth link, no MFA factor), so nobody can act in it and the next email sign-up for the address
 * may take it over. An account with any credential is never returned.
 *
 * @example
 * const account = await findReusableEmailAccount(ctx, app, 'ada@example.com')
 */
export async function findReusableEmailAccount(
  ctx: SigilContext,
  app: App,
  email: string,
): Promise<{ organizationId: string; userId: string } | undefined> {
  return ctx.store.db
    .selectFrom('users')
    .innerJoin('organizations', 'organizations.id', 'users.organization_id')
    .select(['users.id as userId', 'organizations.id as organizationId'])
    .where('organizations.app_id', '=', app.id)
    .where('users.email', '=', email)
    .where('users.oauth_providers', '=', '[]')
    .where(({ exists, not, selectFrom, and }) =>
      and([
        exists(
          selectFrom('email_codes')
            .select('email_codes.id')
            .whereRef('email_codes.user_id', '=', 'users.id')
            .where('email_codes.signup', '=', 1),
        ),
        not(
          exists(
            selectFrom('email_identities')
              .select('email_identities.user_id')
              .whereRef('email_identities.user_id', '=', 'users.id'),
          ),
        ),
        not(
          exists(
            selectFrom('authenticators')
              .select('authenticators.id')
              .whereRef('authenticators.user_id', '=', 'users.id'),
          ),
        ),
        not(
          exists(selectFrom('api_keys').select('api_keys.id').whereRef('api_keys.user_id', '=', 'users.id')),
        ),
        not(
          exists(
            selectFrom('mfa_factors')
              .select('mfa_factors.id')
              .whereRef('mfa_factors.user_id', '=', 'users.id'),
          ),
        ),
      ]),
    )
    .orderBy('users.created_at')
    .orderBy('users.id')
    .executeTakeFirst()
}
