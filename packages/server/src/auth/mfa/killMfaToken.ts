import type { SigilContext } from '../../SigilContext.js'

/**
 * Marks an MFA token used without minting anything (its pending login had too many wrong codes):
 * from then on `readMfaToken` refuses it with 401 `INVALID_MFA_TOKEN`, right code or not. Does
 * nothing when the token is already used.
 *
 * @example
 * await killMfaToken(ctx, { jti: token.jti, expiresAt: token.expiresAt })
 */
export async function killMfaToken(
  ctx: SigilContext,
  { jti, expiresAt }: { jti: string; expiresAt: number },
): Promise<void> {
  const now = ctx.now()
  await ctx.batcher.run((trx) =>
    trx
      .insertInto('single_use_tokens')
      .values({ id: jti, kind: 'mfa', expires_at: expiresAt, used_at: now })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute(),
  )
}
