import type { App } from '../../../apps/App.js'
import { createId } from '../../../ids/createId.js'
import type { SigilContext } from '../../../SigilContext.js'
import { mfaErrors } from '../mfaErrors.js'
import { issueSmsFactorCode } from './issueSmsFactorCode.js'

export type EnrollSmsFactorParameters = {
  app: App
  /** Client IP, for the per-IP send limit. */
  ip: string
  userId: string
  /**
   * The user's verified `sms` factor whose gate the caller passed: the new factor replaces it once
   * verified. Without it, enrolment is refused while a verified `sms` factor exists.
   */
  replacesFactorId?: string | undefined
}

/**
 * Starts a text-message (`sms`) enrolment: an unverified factor bound to the user's proven phone number
 * in this app (the most recently proven one; 400 `PHONE_REQUIRED` without one), replacing any earlier
 * unverified factor, and a first code texted to that number (scope `enroll`). Never a number the
 * request names: a factor can only text a number its user proved. At most one verified `sms` factor
 * per user (409 while one exists, unless it is `replacesFactorId`). Refused (400) in an app whose email
 * sign-in is by magic link: that sign-in asks for the second factor before any code can be texted.
 *
 * @example
 * const { multiFactorId } = await enrollSmsFactor(ctx, { app, ip, userId })
 */
export async function enrollSmsFactor(
  ctx: SigilContext,
  parameters: EnrollSmsFactorParameters,
): Promise<{ multiFactorId: string }> {
  const { app, userId } = parameters
  if (app.emailMode === 'magic-link') throw mfaErrors.smsFactorNeedsOtpMode()
  const proven = await ctx.store.db
    .selectFrom('phone_identities')
    .select('phone')
    .where('user_id', '=', userId)
    .where('app_id', '=', app.id)
    .orderBy('proven_at', 'desc')
    .executeTakeFirst()
  if (!proven) throw mfaErrors.phoneRequired()
  const multiFactorId = createId()
  const now = ctx.now()
  await ctx.batcher.run(async (trx) => {
    const verified = await trx
      .selectFrom('mfa_factors')
      .select('id')
      .where('user_id', '=', userId)
      .where('type', '=', 'sms')
      .where('verified', '=', 1)
      .executeTakeFirst()
    if (verified && verified.id !== parameters.replacesFactorId) throw mfaErrors.alreadyEnrolled()
    await trx.deleteFrom('mfa_factors').where('user_id', '=', userId).where('verified', '=', 0).execute()
    await trx
      .insertInto('mfa_factors')
      .values({
        id: multiFactorId,
        user_id: userId,
        type: 'sms',
        sealed_secret: '',
        phone: proven.phone,
        verified: 0,
        last_used_step: null,
        replaces_factor_id: verified ? verified.id : null,
        created_at: now,
        updated_at: now,
      })
      .execute()
  })
  await issueSmsFactorCode(ctx, {
    app,
    ip: parameters.ip,
    factor: { id: multiFactorId, userId, phone: proven.phone },
    scope: 'enroll',
  })
  return { multiFactorId }
}
