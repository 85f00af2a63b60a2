import type { SigilContext } from '../../SigilContext.js'

/**
 * Whether an emailed sign-in link was sent before the user's TOTP factor started to gate sign-in.
 * Links pass the MFA gate when they are asked for (`/v1/auth` checks the code first), so a link sent
 * earlier passed no code: its landing must not mint a session.
 *
 * @example
 * if (await linkPredatesMfa(ctx, { otpId, userId })) return fail(appId, 'ask for a new link')
 */
export async function linkPredatesMfa(
  ctx: SigilContext,
  { otpId, userId }: { otpId: string; userId: string },
): Promise<boolean> {
  const link = await ctx.store.db
    .selectFrom('email_codes')
    .select('created_at')
    .where('id', '=', otpId)
    .executeTakeFirst()
  if (!link) return true
  const newer = await ctx.store.db
    .selectFrom('mfa_factors')
    .select('id')
    .where('user_id', '=', userId)
    .where('verified', '=', 1)
    .where('verified_at', '>', Number(link.created_at))
    .executeTakeFirst()
  return newer !== undefined
}
