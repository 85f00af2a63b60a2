import type { SigilContext } from '../../../SigilContext.js'

/**
 * How many of the user's recovery codes are still unused (0 to 10).
 *
 * @example
 * const unusedRecoveryCodes = await countUnusedRecoveryCodes(ctx, { userId })
 */
export async function countUnusedRecoveryCodes(
  ctx: SigilContext,
  { userId }: { userId: string },
): Promise<number> {
  const row = await ctx.store.db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}
