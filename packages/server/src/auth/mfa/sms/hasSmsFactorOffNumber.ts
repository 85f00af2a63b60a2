import type { Kysely } from 'kysely'
import type { Database } from '../../../store/schema.js'

/**
 * Whether the user has a verified text-message (`sms`) factor whose number is not `keptPhone` (any
 * number, when `keptPhone` is absent): removing or replacing the user's phone number would leave that
 * factor texting a number the user no longer proves, so `/v1/update-phone-auth` refuses it
 * (`PHONE_USED_BY_MFA`; docs/sms-sign-in.md). Run it in the transaction that changes the number.
 *
 * @example
 * if (await hasSmsFactorOffNumber(trx, { userId })) throw mfaErrors.phoneUsedByFactor()
 */
export async function hasSmsFactorOffNumber(
  db: Kysely<Database>,
  { userId, keptPhone }: { userId: string; keptPhone?: string | undefined },
): Promise<boolean> {
  let query = db
    .selectFrom('mfa_factors')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', '=', 'sms')
    .where('verified', '=', 1)
  if (keptPhone !== undefined) query = query.where('phone', '<>', keptPhone)
  return (await query.executeTakeFirst()) !== undefined
}
