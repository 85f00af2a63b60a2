import { timingSafeEqual } from 'node:crypto'
import type { SigilContext } from '../../../SigilContext.js'
import { hashRecoveryCode } from './hashRecoveryCode.js'
import { normalizeRecoveryCode } from './normalizeRecoveryCode.js'

/**
 * Uses one of the user's recovery codes up, if `typed` is one that is still unused: its hash is
 * compared in constant time with each unused one of the user's, then one conditional UPDATE
 * (`where used_at is null`) marks it used, so of two concurrent uses exactly one wins. Returns
 * whether this use won. Another user's code, a used one or one replaced by new codes: false.
 *
 * @example
 * if (!(await useRecoveryCode(ctx, { userId, typed: 'Q7MXA-2KDPE' }))) throw mfaErrors.invalidCode()
 */
export async function useRecoveryCode(
  ctx: SigilContext,
  { userId, typed }: { userId: string; typed: string },
): Promise<boolean> {
  const code = normalizeRecoveryCode(typed)
  if (code === undefined) return false
  const wanted = Buffer.from(hashRecoveryCode(ctx, { userId, code }), 'hex')
  const rows = await ctx.store.db
    .selectFrom('recovery_codes')
    .select(['id', 'code_hash'])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute()
  let matchId: string | undefined
  for (const row of rows) {
    const stored = Buffer.from(row.code_hash, 'hex')
    if (stored.length === wanted.length && timingSafeEqual(stored, wanted)) matchId = row.id
  }
  if (matchId === undefined) return false
  const id = matchId
  const now = ctx.now()
  const result = await ctx.batcher.run((trx) =>
    trx
      .updateTable('recovery_codes')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirst(),
  )
  return result.numUpdatedRows === 1n
}
