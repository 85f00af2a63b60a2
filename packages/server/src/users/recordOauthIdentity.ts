import { signerErrorCodes } from '@sigil/protocol'
import type { Transaction } from 'kysely'
import { ApiError } from '../http/errors/ApiError.js'
import type { Database } from '../store/schema.js'
import type { StoredOauthProvider } from './StoredOauthProvider.js'

/** 409 `OAUTH_IDENTITY_TAKEN`: another user of the app signs in with this provider account. */
export const oauthIdentityTaken = () =>
  new ApiError('ALREADY_EXISTS', 'another account of this app already signs in with this provider account', {
    errorCode: signerErrorCodes.OAUTH_IDENTITY_TAKEN,
  })

/**
 * Records in `trx` that `userId` signs in with this provider account (`oauth_identities`). Idempotent
 * for the user that holds it; throws {@link oauthIdentityTaken} when another user of the app holds
 * it: the database's unique (app_id, issuer, subject) index decides, so racing instances agree.
 * Returns whether the user already held it.
 *
 * @example
 * await ctx.batcher.run((trx) => recordOauthIdentity(trx, { appId, userId, provider }))
 */
export async function recordOauthIdentity(
  trx: Transaction<Database>,
  { appId, userId, provider }: { appId: string; userId: string; provider: StoredOauthProvider },
): Promise<{ alreadyHeld: boolean }> {
  const holder = await trx
    .selectFrom('oauth_identities')
    .select('user_id')
    .where('app_id', '=', appId)
    .where('issuer', '=', provider.issuer)
    .where('subject', '=', provider.subject)
    .executeTakeFirst()
  if (holder) {
    if (holder.user_id !== userId) throw oauthIdentityTaken()
    return { alreadyHeld: true }
  }
  const inserted = await trx
    .insertInto('oauth_identities')
    .values({
      user_id: userId,
      provider_id: provider.providerId,
      app_id: appId,
      issuer: provider.issuer,
      subject: provider.subject,
      created_at: provider.createdAt,
    })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw oauthIdentityTaken()
  return { alreadyHeld: false }
}
