import type { SigilContext } from '../../SigilContext.js'
import { acceptTotpStep } from './acceptTotpStep.js'
import { matchTotpCode } from './matchTotpCode.js'
import { mfaErrors } from './mfaErrors.js'
import { issueRecoveryCodes } from './recovery/issueRecoveryCodes.js'

export type VerifyTotpFactorParameters = {
  userId: string
  multiFactorId: string
  multiFactorCode: string
  /** The client's IP: the check takes a point of `codeChecksPerIp`. */
  ip?: string | undefined
}

/**
 * Finishes a TOTP enrolment: the first code from the authenticator app proves the user holds the
 * secret, and the factor becomes verified (from then on sign-in asks for a code). The code's step
 * is recorded, so it cannot be used again. A factor enrolled as the replacement of the verified one
 * (its code was checked at enrolment) deletes that one now. Unknown or another user's factor: 404;
 * wrong or reused code: 401 `Invalid MFA code`; another factor got verified meanwhile: 409.
 *
 * The user's first factor (no recovery codes yet) also gets the 10 recovery codes, returned this
 * once (`recoveryCodes`); a factor that replaces another keeps the codes there are.
 *
 * @example
 * await verifyTotpFactor(ctx, { userId, multiFactorId, multiFactorCode: '123456', ip: request.ip })
 */
export async function verifyTotpFactor(
  ctx: SigilContext,
  parameters: VerifyTotpFactorParameters,
): Promise<{ recoveryCodes?: string[] }> {
  const factor = await ctx.store.db
    .selectFrom('mfa_factors')
    .select(['id', 'sealed_secret', 'replaces_factor_id'])
    .where('id', '=', parameters.multiFactorId)
    .where('user_id', '=', parameters.userId)
    .where('type', '=', 'totp')
    .executeTakeFirst()
  if (!factor) throw mfaErrors.factorNotFound()
  if (parameters.ip !== undefined) await ctx.rateLimits.codeChecksPerIp.consume(parameters.ip)
  const step = await matchTotpCode(ctx, {
    factorId: factor.id,
    sealedSecret: factor.sealed_secret,
    code: parameters.multiFactorCode,
  })
  if (step === undefined) throw mfaErrors.invalidCode()
  const now = ctx.now()
  return ctx.batcher.run(async (trx) => {
    if (!(await acceptTotpStep(trx, { factorId: factor.id, step, now }))) throw mfaErrors.invalidCode()
    const other = await trx
      .selectFrom('mfa_factors')
      .select('id')
      .where('user_id', '=', parameters.userId)
      .where('type', '=', 'totp')
      .where('verified', '=', 1)
      .where('id', '<>', factor.id)
      .executeTakeFirst()
    if (other && other.id !== factor.replaces_factor_id) throw mfaErrors.alreadyEnrolled()
    if (other) await trx.deleteFrom('mfa_factors').where('id', '=', other.id).execute()
    await trx
      .updateTable('mfa_factors')
      .set({ verified: 1, replaces_factor_id: null, verified_at: now, updated_at: now })
      .where('id', '=', factor.id)
      .execute()
    const hasCodes = await trx
      .selectFrom('recovery_codes')
      .select('id')
      .where('user_id', '=', parameters.userId)
      .executeTakeFirst()
    if (hasCodes) return {}
    return { recoveryCodes: await issueRecoveryCodes(ctx, trx, { userId: parameters.userId }) }
  })
}
