import { signerErrorCodes } from '@sigil/protocol'
import type { Transaction } from 'kysely'
import { ApiError } from '../http/errors/ApiError.js'
import type { Database } from '../store/schema.js'

export type RecordProvenEmailParameters = {
  /** The app of the user's organization. */
  appId: string
  /** Lower-cased address. */
  email: string
  userId: string
  now: number
  /** How it was proven: `code`, `link` or `oauth:<provider id>`. */
  how: string
}

/** 409 `EMAIL_ALREADY_PROVEN`: another user of the app proved this email first. */
export const emailAlreadyProven = (cause?: unknown) =>
  new ApiError(
    'ALREADY_EXISTS',
    'another account of this app has already proven this email; sign in with the email instead',
    { errorCode: signerErrorCodes.EMAIL_ALREADY_PROVEN, cause },
  )

/**
 * Marks `email` proven for `userId` in `trx` (the same write that consumed the proof). Idempotent
 * for the user that already holds it; throws {@link emailAlreadyProven} when another user of the app
 * holds it — the database's unique (app_id, email) index decides, so racing server instances agree.
 *
 * @example
 * await ctx.batcher.run((trx) => recordProvenEmail(trx, { appId, email, userId, now, how: 'code' }))
 */
export async function recordProvenEmail(
  trx: Transaction<Database>,
  parameters: RecordProvenEmailParameters,
): Promise<void> {
  const { appId, email, userId } = parameters
  await trx
    .insertInto('email_identities')
    .values({ app_id: appId, email, user_id: userId, proven_at: parameters.now, how: parameters.how })
    .onConflict((conflict) => conflict.doNothing())
    .execute()
  const holder = await trx
    .selectFrom('email_identities')
    .select('user_id')
    .where('app_id', '=', appId)
    .where('email', '=', email)
    .executeTakeFirst()
  if (holder?.user_id !== userId) throw emailAlreadyProven()
}
