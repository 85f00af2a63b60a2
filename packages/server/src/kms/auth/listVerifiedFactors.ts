import type { MultiFactor } from '@sigil/protocol'
import type { SigilContext } from '../../SigilContext.js'

/**
 * The user's verified TOTP factors, oldest first (factors still waiting for their first code are
 * left out: they do not gate sign-in).
 *
 * @example
 * const factors = await listVerifiedFactors(ctx, { userId })
 * if (factors.length > 0) // sign-in needs a TOTP code
 */
export async function listVerifiedFactors(
  ctx: SigilContext,
  { userId }: { userId: string },
): Promise<MultiFactor[]> {
  const rows = await ctx.store.db
    .selectFrom('mfa_factors')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', '=', 'totp')
    .where('verified', '=', 1)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({ multiFactorId: row.id, multiFactorType: 'totp' }))
}
