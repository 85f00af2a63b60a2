import { timingSafeEqual } from 'node:crypto'
import type { SigilContext } from '../../../SigilContext.js'
import { hashSmsFactorCode } from './hashSmsFactorCode.js'

/** Wrong answers a texted code takes (as an SMS sign-in code); the last one kills it. */
const maxAttempts = 3

/**
 * Checks a code typed for an `sms` factor against the factor's live code of `scope` and uses it up:
 * true once for the right code. A wrong code counts an attempt on the live code and the third kills
 * it; a code of another scope (another pending login, the enrolment, a signed-in change), another
 * factor, an expired, used or superseded one, or an SMS sign-in code never matches. Of two concurrent
 * right answers one wins (a conditional update).
 *
 * @example
 * if (!(await useSmsFactorCode(ctx, { factorId, scope: 'session', code: '123456' }))) throw mfaErrors.invalidCode()
 */
export async function useSmsFactorCode(
  ctx: SigilContext,
  { factorId, scope, code }: { factorId: string; scope: string; code: string },
): Promise<boolean> {
  const now = ctx.now()
  const row = await ctx.store.db
    .selectFrom('mfa_sms_codes')
    .select(['id', 'code_hash'])
    .where('factor_id', '=', factorId)
    .where('scope', '=', scope)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst()
  if (!row) return false
  const expected = Buffer.from(row.code_hash, 'hex')
  const actual = Buffer.from(hashSmsFactorCode(ctx, { codeId: row.id, code }), 'hex')
  const right = /^\d{6}$/.test(code) && expected.length === actual.length && timingSafeEqual(expected, actual)
  if (!right) {
    await ctx.batcher.run(async (trx) => {
      await trx
        .updateTable('mfa_sms_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .execute()
      await trx
        .updateTable('mfa_sms_codes')
        .set({ used_at: now })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .where('attempts', '>=', maxAttempts)
        .execute()
    })
    return false
  }
  const used = await ctx.batcher.run((trx) =>
    trx
      .updateTable('mfa_sms_codes')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .where('attempts', '<', maxAttempts)
      .where('expires_at', '>', now)
      .executeTakeFirst(),
  )
  return Number(used.numUpdatedRows) === 1
}
