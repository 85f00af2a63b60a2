import type { SigilContext } from '../../SigilContext.js'
import { recordProvenEmail } from '../../users/recordProvenEmail.js'
import { recordProvenPhone } from '../../users/recordProvenPhone.js'
import { codeFailureKey } from './codeFailureKey.js'
import { matchesEmailCode } from './matchesEmailCode.js'

export type ConsumeEmailCodeParameters = {
  otpId: string
  /** The code or link token the client presented. */
  secret: string
  /** `verify`: a code of `/v1/init-otp` (no account; using it proves the contact and nothing else). */
  kind: 'otp' | 'magic-link' | 'verify'
  /** When given, the code must belong to this app. */
  appId?: string | undefined
  /** When given, the code must sign in to this organization (`/v1/otp`'s `orgId`). */
  organizationId?: string | undefined
}

/** A code that was right and is now used. */
export type ConsumedEmailCode = {
  otpId: string
  appId: string
  /** The contact: a lower-cased email, or an E.164 phone number when `channel` is `sms`. */
  email: string
  channel: 'email' | 'sms'
  /** Empty for a `verify` code, as `userId` and `targetPublicKey`. */
  organizationId: string
  userId: string
  targetPublicKey: string
  expirationSeconds: number
  redirectParams: string | null
  signup: boolean
}

export type ConsumeEmailCodeReturnType =
  | { ok: true; code: ConsumedEmailCode }
  /**
   * `appId` is the app of the code row when one was found (for the magic link's error redirect). `dead`:
   * the code is this request's (its app, organization and kind) but can no longer be used: expired, used,
   * or its wrong tries spent (this one included). An unknown code, or another app's, is never `dead`.
   */
  | { ok: false; appId: string | undefined; dead: boolean }

/** Wrong answers a code takes; the last one kills it. */
const maxAttempts = 3

/**
 * Checks an email code or magic-link token and uses it up. It must exist, match the kind (and the
 * app and organization when given), be unused and unexpired. A wrong secret counts an attempt and
 * the third wrong one kills the code; a right one is marked used by a conditional update, so of two
 * concurrent right answers only one wins. Wrong secrets also count against the account's daily cap
 * (`emailCodeFailuresPerUser`, 20 a day over all its codes); once it is spent every check of the
 * account's codes throws 429 `RATE_LIMITED` until the day is over.
 *
 * @example
 * const result = await consumeEmailCode(ctx, { otpId, secret: otpCode, kind: 'otp', appId: app.id, organizationId: orgId })
 * if (!result.ok) throw emailErrors.invalidOtpCode()
 */
export async function consumeEmailCode(
  ctx: SigilContext,
  parameters: ConsumeEmailCodeParameters,
): Promise<ConsumeEmailCodeReturnType> {
  const { otpId } = parameters
  const row = await ctx.store.db
    .selectFrom('email_codes')
    .selectAll()
    .where('id', '=', otpId)
    .executeTakeFirst()
  if (!row) return { ok: false, appId: undefined, dead: false }
  const now = ctx.now()
  const invalid = { ok: false as const, appId: row.app_id, dead: false }
  const dead = { ...invalid, dead: true }
  if (
    row.kind !== parameters.kind ||
    (parameters.appId !== undefined && row.app_id !== parameters.appId) ||
    (parameters.organizationId !== undefined && row.organization_id !== parameters.organizationId)
  )
    return invalid
  if (row.used_at !== null || Number(row.expires_at) <= now || row.attempts >= maxAttempts) return dead

  // The account's daily cap on wrong codes, checked before comparing: while it holds even the right
  // code is refused (429), so guessing across many codes gains nothing (docs/security.md).
  const failures = ctx.rateLimits.emailCodeFailuresPerUser
  const failureKey = codeFailureKey(row)
  await failures.assertOpen(failureKey)
  if (!matchesEmailCode(ctx, { otpId, secret: parameters.secret, codeHash: row.code_hash })) {
    await ctx.batcher.run(async (trx) => {
      await trx
        .updateTable('email_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', otpId)
        .where('used_at', 'is', null)
        .execute()
      await trx
        .updateTable('email_codes')
        .set({ used_at: now })
        .where('id', '=', otpId)
        .where('used_at', 'is', null)
        .where('attempts', '>=', maxAttempts)
        .execute()
    })
    await failures.consume(failureKey)
    // The last wrong try kills the code: say so now, so the user asks for a new one.
    return row.attempts + 1 >= maxAttempts ? dead : invalid
  }

  // Using a sign-in code proves the address (or number): it becomes the code's user's identity in the
  // same write, or the write fails (409 EMAIL_ALREADY_PROVEN / PHONE_ALREADY_PROVEN, code left unused)
  // when another user of the app holds it. A `verify` code proves it to nobody yet: the verification
  // token it is traded for does, when `/v1/update-*-auth` uses it.
  const channel = row.channel === 'sms' ? 'sms' : 'email'
  const won = await ctx.batcher.run(async (trx) => {
    const used = await trx
      .updateTable('email_codes')
      .set({ used_at: now })
      .where('id', '=', otpId)
      .where('used_at', 'is', null)
      .where('attempts', '<', maxAttempts)
      .where('expires_at', '>', now)
      .executeTakeFirst()
    if (Number(used.numUpdatedRows) !== 1 || row.kind === 'verify') return used
    if (channel === 'sms')
      await recordProvenPhone(trx, {
        appId: row.app_id,
        phone: row.email,
        userId: row.user_id,
        now,
        how: 'code',
      })
    else
      await recordProvenEmail(trx, {
        appId: row.app_id,
        email: row.email,
        userId: row.user_id,
        now,
        how: row.kind === 'magic-link' ? 'link' : 'code',
      })
    return used
  })
  // Another request used it (or killed it) in between.
  if (Number(won.numUpdatedRows) !== 1) return dead
  return {
    ok: true,
    code: {
      otpId,
      appId: row.app_id,
      email: row.email,
      channel,
      organizationId: row.organization_id,
      userId: row.user_id,
      targetPublicKey: row.target_public_key,
      expirationSeconds: Number(row.expiration_seconds),
      redirectParams: row.redirect_params,
      signup: Number(row.signup) === 1,
    },
  }
}
