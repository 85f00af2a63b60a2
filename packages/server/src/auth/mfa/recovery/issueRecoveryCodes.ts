import type { Transaction } from 'kysely'
import { createId } from '../../../ids/createId.js'
import type { SigilContext } from '../../../SigilContext.js'
import type { Database } from '../../../store/schema.js'
import { createRecoveryCode } from './createRecoveryCode.js'
import { hashRecoveryCode } from './hashRecoveryCode.js'
import { normalizeRecoveryCode } from './normalizeRecoveryCode.js'
import { recoveryCodeCount } from './recoveryCodeCount.js'

/**
 * Replaces all of a user's recovery codes (used or not) with 10 fresh ones, stored hashed, and
 * returns them in the clear: the only time they exist outside the user's hands. Runs inside the
 * caller's transaction.
 *
 * @example
 * const codes = await ctx.batcher.run((trx) => issueRecoveryCodes(ctx, trx, { userId }))
 */
export async function issueRecoveryCodes(
  ctx: Pick<SigilContext, 'codeHashKey' | 'now'>,
  trx: Transaction<Database>,
  { userId }: { userId: string },
): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, createRecoveryCode)
  const now = ctx.now()
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
  await trx
    .insertInto('recovery_codes')
    .values(
      codes.map((code) => ({
        id: createId(),
        user_id: userId,
        code_hash: hashRecoveryCode(ctx, { userId, code: normalizeRecoveryCode(code) ?? code }),
        created_at: now,
        used_at: null,
      })),
    )
    .execute()
  return codes
}
