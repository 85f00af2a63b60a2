import type { Transaction } from 'kysely'
import type { Database } from '../../store/schema.js'

export type AcceptTotpStepParameters = {
  factorId: string
  /** The time step the code matched (from `matchTotpCode`). */
  step: number
  now: number
}

/**
 * Records `step` as the factor's last used step, only if it is later than the one recorded: one
 * conditional UPDATE, so of two concurrent uses of the same code exactly one wins. Returns whether
 * this use won (false: the code, or an older one, was already used).
 *
 * @example
 * const accepted = await ctx.batcher.run((trx) => acceptTotpStep(trx, { factorId, step, now: ctx.now() }))
 */
export async function acceptTotpStep(
  trx: Transaction<Database>,
  { factorId, step, now }: AcceptTotpStepParameters,
): Promise<boolean> {
  const result = await trx
    .updateTable('mfa_factors')
    .set({ last_used_step: step, updated_at: now })
    .where('id', '=', factorId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst()
  return result.numUpdatedRows === 1n
}
