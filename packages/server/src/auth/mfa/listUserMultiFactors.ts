import type { MultiFactor } from '@sigil/protocol'
import type { SigilContext } from '../../SigilContext.js'

/**
 * The signed-in user's verified factors (TOTP and text-message `sms`), oldest first, each with the time it was added
 * (`createdAt`, ISO 8601): what the list, verify and delete routes answer, so an app can name a
 * factor "Authenticator app · added 7 Dec 2026". The sign-in gate's answers (`MFA_REQUIRED`) use
 * `listVerifiedMultiFactors`, without dates: someone halfway through a sign-in learns no more than ids.
 *
 * @example
 * const factors = await listUserMultiFactors(ctx, { userId })
 * factors[0]?.createdAt // '2026-12-07T22:40:00.000Z'
 */
export async function listUserMultiFactors(
  ctx: SigilContext,
  { userId }: { userId: string },
): Promise<MultiFactor[]> {
  const rows = await ctx.store.db
    .selectFrom('mfa_factors')
    .select(['id', 'type', 'created_at'])
    .where('user_id', '=', userId)
    .where('type', 'in', ['totp', 'sms'])
    .where('verified', '=', 1)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({
    multiFactorId: row.id,
    multiFactorType: row.type,
    createdAt: new Date(Number(row.created_at)).toISOString(),
  }))
}
