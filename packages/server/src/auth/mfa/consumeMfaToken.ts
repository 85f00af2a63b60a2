import type { SigilContext } from '../../SigilContext.js'
import { isUniqueViolation } from '../../store/isUniqueViolation.js'
import { mfaErrors } from './mfaErrors.js'
import type { ReadMfaTokenReturnType } from './readMfaToken.js'

/**
 * Marks an MFA token used: an INSERT of its id into `single_use_tokens`, whose primary key makes a
 * second use (even a concurrent one) fail with 401 `invalid or expired MFA token`.
 *
 * @example
 * const token = await readMfaToken(ctx, encryptedPayload)
 * await consumeMfaToken(ctx, token)
 */
export async function consumeMfaToken(
  ctx: SigilContext,
  token: Pick<ReadMfaTokenReturnType, 'jti' | 'expiresAt'>,
): Promise<void> {
  const now = ctx.now()
  if (now >= token.expiresAt) throw mfaErrors.invalidToken()
  try {
    await ctx.batcher.run((trx) =>
      trx
        .insertInto('single_use_tokens')
        .values({ id: token.jti, kind: 'mfa', expires_at: token.expiresAt, used_at: now })
        .execute(),
    )
  } catch (error) {
    if (isUniqueViolation(error)) throw mfaErrors.invalidToken(error)
    throw error
  }
}
