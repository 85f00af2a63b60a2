import type { MultiFactor } from '@sigil/protocol'
import type { SigilContext } from '../../SigilContext.js'

/**
 * The user's verified second factors, TOTP and text-message (`sms`), oldest first, without dates: what
 * the MFA gate asks for (`MFA_REQUIRED`'s `multiFactors`). Factors still waiting for their first code
 * are left out: they do not gate anything.
 *
 * @example
 * const factors = await listVerifiedMultiFactors(ctx, { userId })
 * if (factors.length > 0) // sign-in needs a second factor
 */
export async function listVerifiedMultiFactors(
  ctx: SigilContext,
  { userId }: { userId: string },
): Promise<MultiFactor[]> {
  const rows = await ctx.store.db
    .selectFrom('mfa_factors')
    .select(['id', 'type'])
    .where('user_id', '=', userId)
    .where('type', 'in', ['totp', 'sms'])
    .where('verified', '=', 1)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({ multiFactorId: row.id, multiFactorType: row.type }))
}
