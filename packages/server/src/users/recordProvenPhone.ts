import { signerErrorCodes } from '@sigil/protocol'
import type { Transaction } from 'kysely'
import { ApiError } from '../http/errors/ApiError.js'
import type { Database } from '../store/schema.js'

export type RecordProvenPhoneParameters = {
  /** The app of the user's organization. */
  appId: string
  /** E.164. */
  phone: string
  userId: string
  now: number
  /** How it was proven: `code` or `verification-token`. */
  how: string
}

/** 409 `PHONE_ALREADY_PROVEN`: another user of the app proved this phone number first. */
export const phoneAlreadyProven = (cause?: unknown) =>
  new ApiError(
    'ALREADY_EXISTS',
    'another account of this app has already proven this phone number; sign in with it instead',
    { errorCode: signerErrorCodes.PHONE_ALREADY_PROVEN, cause },
  )

/**
 * Marks `phone` proven for `userId` in `trx` (the same write that consumed the proof) and makes it
 * the user's `phone_number`. Idempotent for the user that already holds it; throws
 * {@link phoneAlreadyProven} when another user of the app holds it — the database's unique
 * (app_id, phone) index decides, so racing server instances agree.
 *
 * @example
 * await ctx.batcher.run((trx) => recordProvenPhone(trx, { appId, phone: '+14155550123', userId, now, how: 'code' }))
 */
export async function recordProvenPhone(
  trx: Transaction<Database>,
  parameters: RecordProvenPhoneParameters,
): Promise<void> {
  const { appId, phone, userId, now } = parameters
  await trx
    .insertInto('phone_identities')
    .values({ app_id: appId, phone, user_id: userId, proven_at: now, how: parameters.how })
    .onConflict((conflict) => conflict.doNothing())
    .execute()
  const holder = await trx
    .selectFrom('phone_identities')
    .select('user_id')
    .where('app_id', '=', appId)
    .where('phone', '=', phone)
    .executeTakeFirst()
  if (holder?.user_id !== userId) throw phoneAlreadyProven()
  await trx
    .updateTable('users')
    .set({ phone_number: phone, updated_at: now })
    .where('id', '=', userId)
    .execute()
}
