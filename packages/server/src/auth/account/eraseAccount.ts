import type { Transaction } from 'kysely'
import type { Database } from '../../store/schema.js'

/**
 * Erases a user's organization in one transaction: the organization row, and with it (foreign keys,
 * on delete cascade) its users, API keys and sessions, passkeys, wallets and their sealed seeds and
 * keys, TOTP factors, recovery codes, proven emails and phone numbers, OAuth and custom-JWT identities,
 * multi-owner addresses and reported key exports (which frees each email, number and identity for a
 * new sign-up); then the rows that name the user or the organization without a foreign key:
 * activities, email and SMS codes, sign-in attempt counters, and identity-conflict notes. Sponsorship
 * ledgers keep their amounts and addresses (the operator's accounts, no personal data).
 *
 * @example
 * await ctx.apiKeyCache.writing(() => ctx.batcher.run((trx) => eraseAccount(trx, { organizationId, userId })))
 */
export async function eraseAccount(
  trx: Transaction<Database>,
  { organizationId, userId }: { organizationId: string; userId: string },
): Promise<void> {
  await trx.deleteFrom('activities').where('organization_id', '=', organizationId).execute()
  await trx.deleteFrom('email_codes').where('user_id', '=', userId).execute()
  await trx.deleteFrom('sign_in_attempts').where('user_id', '=', userId).execute()
  await trx
    .deleteFrom('email_identity_conflicts')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('kept_user_id', '=', userId)]))
    .execute()
  await trx.deleteFrom('organizations').where('id', '=', organizationId).execute()
}
