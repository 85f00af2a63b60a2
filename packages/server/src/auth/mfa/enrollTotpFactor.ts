import { generateSecret, generateURI } from 'otplib'
import { createId } from '../../ids/createId.js'
import type { SigilContext } from '../../SigilContext.js'
import { mfaErrors } from './mfaErrors.js'
import { totpOptions } from './totpOptions.js'

export type EnrollTotpFactorParameters = {
  userId: string
  /** Shown by the authenticator app above the code (the app's name). */
  issuer: string
  /** Names the account in the authenticator app (the user's email, or id). */
  label: string
  /**
   * The user's verified factor whose current code the caller checked: the new factor replaces it
   * once verified. Without it, enrolment is refused while a verified factor exists.
   */
  replacesFactorId?: string | undefined
}

export type EnrollTotpFactorReturnType = { multiFactorId: string; multiFactorTotpUrl: string }

/**
 * Starts a TOTP enrolment: a fresh 160-bit secret, sealed in the vault (aad `mfa_factor:<id>`) and
 * stored as an unverified factor, replacing any earlier unverified one. The secret leaves the server
 * only inside the returned `otpauth://totp/…` URL. At most one verified TOTP factor per user:
 * refused (409) while the user has one, unless it is `replacesFactorId` (the caller checked its
 * code), whom the new factor then replaces when `verifyTotpFactor` checks its first code.
 *
 * @example
 * const { multiFactorId, multiFactorTotpUrl } = await enrollTotpFactor(ctx, { userId, issuer: app.name, label: 'ada@example.com' })
 */
export async function enrollTotpFactor(
  ctx: SigilContext,
  parameters: EnrollTotpFactorParameters,
): Promise<EnrollTotpFactorReturnType> {
  const multiFactorId = createId()
  const secret = generateSecret({ length: 20 })
  const sealedSecret = ctx.vault.seal(new TextEncoder().encode(secret), `mfa_factor:${multiFactorId}`)
  const now = ctx.now()
  await ctx.batcher.run(async (trx) => {
    const verified = await trx
      .selectFrom('mfa_factors')
      .select('id')
      .where('user_id', '=', parameters.userId)
      .where('type', '=', 'totp')
      .where('verified', '=', 1)
      .executeTakeFirst()
    if (verified && verified.id !== parameters.replacesFactorId) throw mfaErrors.alreadyEnrolled()
    await trx
      .deleteFrom('mfa_factors')
      .where('user_id', '=', parameters.userId)
      .where('verified', '=', 0)
      .execute()
    await trx
      .insertInto('mfa_factors')
      .values({
        id: multiFactorId,
        user_id: parameters.userId,
        type: 'totp',
        sealed_secret: sealedSecret,
        verified: 0,
        last_used_step: null,
        replaces_factor_id: verified ? verified.id : null,
        created_at: now,
        updated_at: now,
      })
      .execute()
  })
  const multiFactorTotpUrl = generateURI({
    issuer: parameters.issuer,
    label: parameters.label,
    secret,
    algorithm: totpOptions.algorithm,
    digits: totpOptions.digits,
    period: totpOptions.period,
  })
  return { multiFactorId, multiFactorTotpUrl }
}
