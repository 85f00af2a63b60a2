import type { SigilContext } from '../../SigilContext.js'

export type ReserveMfaTokenAttemptParameters = {
  /** The MFA token's id. */
  jti: string
  /** Unix ms: the token's expiry, after which the row is pruned. */
  expiresAt: number
  userId: string
}

/**
 * Counts one more code tried against a pending MFA login, durably and before the code is checked
 * (one upsert that increments and returns the count), so concurrent tries cannot check more codes
 * than the limit allows. Returns the count including this try. Prunes expired rows on the way.
 *
 * @example
 * const attempt = await reserveMfaTokenAttempt(ctx, { jti: token.jti, expiresAt: token.expiresAt, userId })
 * if (attempt > maxMfaTokenAttempts) throw mfaErrors.invalidToken()
 */
export async function reserveMfaTokenAttempt(
  ctx: SigilContext,
  { jti, expiresAt, userId }: ReserveMfaTokenAttemptParameters,
): Promise<number> {
  const now = ctx.now()
  const row = await ctx.batcher.run(async (trx) => {
    await trx.deleteFrom('sign_in_attempts').where('expires_at', '<', now).execute()
    return trx
      .insertInto('sign_in_attempts')
      .values({ id: jti, kind: 'mfa-token', user_id: userId, attempts: 1, expires_at: expiresAt })
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet((eb) => ({ attempts: eb('sign_in_attempts.attempts', '+', 1) })),
      )
      .returning('attempts')
      .executeTakeFirstOrThrow()
  })
  return Number(row.attempts)
}
