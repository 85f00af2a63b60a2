import type { SigilContext } from '../../../SigilContext.js'
import { lockUserRow } from '../../../users/hasOtherSignInMethod.js'
import { mfaErrors } from '../mfaErrors.js'
import { issueRecoveryCodes } from '../recovery/issueRecoveryCodes.js'
import { useSmsFactorCode } from './useSmsFactorCode.js'

export type VerifySmsFactorParameters = {
  userId: string
  multiFactorId: string
  multiFactorCode: string
  /** The client's IP: the check takes a point of `codeChecksPerIp`. */
  ip?: string | undefined
}

/**
 * Finishes a text-message (`sms`) enrolment: the code texted at enrolment (scope `enroll`) proves the
 * user reads the number, and the factor becomes verified, in the same write that checks the number is
 * still one the user has proven (400 `PHONE_REQUIRED` otherwise). A factor enrolled as the replacement
 * of the verified `sms` one deletes that one now. Unknown or another user's factor: 404; wrong, used
 * or expired code: 401 `Invalid MFA code`; another `sms` factor got verified meanwhile: 409. The user's
 * first factor also gets the 10 recovery codes, as with TOTP.
 *
 * @example
 * await verifySmsFactor(ctx, { userId, multiFactorId, multiFactorCode: '123456', ip: request.ip })
 */
export async function verifySmsFactor(
  ctx: SigilContext,
  parameters: VerifySmsFactorParameters,
): Promise<{ recoveryCodes?: string[] }> {
  const { userId } = parameters
  const factor = await ctx.store.db
    .selectFrom('mfa_factors')
    .select(['id', 'phone', 'replaces_factor_id'])
    .where('id', '=', parameters.multiFactorId)
    .where('user_id', '=', userId)
    .where('type', '=', 'sms')
    .where('verified', '=', 0)
    .executeTakeFirst()
  if (!factor?.phone) throw mfaErrors.factorNotFound()
  if (parameters.ip !== undefined) await ctx.rateLimits.codeChecksPerIp.consume(parameters.ip)
  if (
    !(await useSmsFactorCode(ctx, { factorId: factor.id, scope: 'enroll', code: parameters.multiFactorCode }))
  )
    throw mfaErrors.invalidCode()
  const now = ctx.now()
  const phone = factor.phone
  return ctx.batcher.run(async (trx) => {
    // Ordered with a concurrent removal of the number (`updateContactAuth` writes the row first too).
    await lockUserRow(trx, { userId, now })
    const stillProven = await trx
      .selectFrom('phone_identities')
      .select('phone')
      .where('user_id', '=', userId)
      .where('phone', '=', phone)
      .executeTakeFirst()
    if (!stillProven) throw mfaErrors.phoneRequired()
    const other = await trx
      .selectFrom('mfa_factors')
      .select('id')
      .where('user_id', '=', userId)
      .where('type', '=', 'sms')
      .where('verified', '=', 1)
      .where('id', '<>', factor.id)
      .executeTakeFirst()
    if (other && other.id !== factor.replaces_factor_id) throw mfaErrors.alreadyEnrolled()
    if (other) await trx.deleteFrom('mfa_factors').where('id', '=', other.id).execute()
    const updated = await trx
      .updateTable('mfa_factors')
      .set({ verified: 1, replaces_factor_id: null, verified_at: now, updated_at: now })
      .where('id', '=', factor.id)
      .where('verified', '=', 0)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) !== 1) throw mfaErrors.factorNotFound()
    const hasCodes = await trx
      .selectFrom('recovery_codes')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirst()
    if (hasCodes) return {}
    return { recoveryCodes: await issueRecoveryCodes(ctx, trx, { userId }) }
  })
}
