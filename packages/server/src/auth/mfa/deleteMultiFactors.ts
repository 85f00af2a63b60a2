import type { SigilContext } from '../../SigilContext.js'
import { mfaErrors } from './mfaErrors.js'

/**
 * Deletes factors of a user by id (verified or still pending). All or nothing: if any id is not
 * one of the user's factors, nothing is deleted and the answer is 404. When no verified factor is
 * left, the user's recovery codes go too (docs/security.md, "Recovery codes").
 *
 * @example
 * await deleteMultiFactors(ctx, { userId, multiFactorIds: [multiFactorId] })
 */
export async function deleteMultiFactors(
  ctx: SigilContext,
  parameters: { userId: string; multiFactorIds: string[] },
): Promise<void> {
  const ids = [...new Set(parameters.multiFactorIds)]
  if (ids.length === 0) return
  await ctx.batcher.run(async (trx) => {
    const result = await trx
      .deleteFrom('mfa_factors')
      .where('user_id', '=', parameters.userId)
      .where('id', 'in', ids)
      .executeTakeFirst()
    // A throw rolls this work's savepoint back: the deletes above are undone.
    if (result.numDeletedRows !== BigInt(ids.length)) throw mfaErrors.factorNotFound()
    const left = await trx
      .selectFrom('mfa_factors')
      .select('id')
      .where('user_id', '=', parameters.userId)
      .where('verified', '=', 1)
      .executeTakeFirst()
    if (!left) await trx.deleteFrom('recovery_codes').where('user_id', '=', parameters.userId).execute()
  })
}
