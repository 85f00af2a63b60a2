import { type MultiFactorEntry, type MultiFactorProof, signerErrorCodes } from '@sigil/protocol'
import { ApiError } from '../../http/errors/ApiError.js'
import { listVerifiedMultiFactors } from '../../kms/auth/listVerifiedMultiFactors.js'
import type { SigilContext } from '../../SigilContext.js'
import { acceptTotpStep } from './acceptTotpStep.js'
import { killMfaToken } from './killMfaToken.js'
import { matchTotpCode } from './matchTotpCode.js'
import { maxMfaTokenAttempts } from './maxMfaTokenAttempts.js'
import { mfaErrors } from './mfaErrors.js'
import { useRecoveryCode } from './recovery/useRecoveryCode.js'
import { reserveMfaTokenAttempt } from './reserveMfaTokenAttempt.js'
import { useSmsFactorCode } from './sms/useSmsFactorCode.js'

export type RequireMultiFactorsParameters = {
  userId: string
  /** The codes the client sent (`multiFactors` of the request body): factor codes, or one recovery code. */
  multiFactors?: MultiFactorProof[] | undefined
  /** The client's IP: when given, each check takes a point of `codeChecksPerIp`. */
  ip?: string | undefined
  /**
   * The pending login the codes are for (an MFA token): each check counts against it, and the
   * fifth wrong code kills it. Absent when the codes come with the first factor.
   */
  pendingLogin?: { jti: string; expiresAt: number } | undefined
  /**
   * Key of the per-user failure limit (`mfaFailuresPerUser`); default the user id. `/v1/auth` in
   * magic-link mode checks codes before any first factor, so it counts under its own key: someone
   * who only knows the email cannot close the user's other sign-ins.
   */
  failureKey?: string | undefined
  /**
   * Where a texted code for an `sms` factor is looked up when there is no `pendingLogin` (whose
   * codes are scope `login:<token id>`): `session` for the stamped gates of a signed-in user (codes
   * sent by `/v1/auth-send-multi-factor-code` with a stamp). Absent: no `sms` code is accepted here
   * (a first-factor request has no way to have asked for one).
   */
  smsScope?: 'session' | undefined
}

/**
 * The second-factor gate of every sign-in and of every factor change. Returns at once when the
 * user has no verified factor. Otherwise every code sent must name one of the user's verified
 * factors and be right: for a TOTP factor right for the current step (±1), and not be a step already
 * used; for a text-message (`sms`) factor the live code texted for this factor in this scope (the
 * pending login's, or `smsScope`), used up here (docs/protocol.md, "Text-message codes"). At least
 * one must be sent. Instead of TOTP codes, one recovery code alone may be sent (docs/security.md,
 * "Recovery codes"): it is used up if it is one of the user's unused codes, and counts against the
 * same limits as a TOTP code, a wrong one like a wrong TOTP code.
 *
 * Guessing is bounded three ways: per IP (`codeChecksPerIp`), per user over all pending logins and
 * IPs (`mfaFailuresPerUser`: checked before any code, a point taken per wrong try; 429 with
 * `Retry-After`), and per pending login (`pendingLogin`: counted durably before the check; the
 * fifth wrong code marks its token used, later tries are 401 `INVALID_MFA_TOKEN`).
 *
 * Throws `MFA is required for this user` (400, `MFA_REQUIRED`, `data.multiFactors`) when no code is
 * sent, and `Invalid MFA code` (401, `INVALID_MFA_CODE`) for a wrong, reused or foreign one.
 *
 * @example
 * await requireMultiFactors(ctx, { userId, multiFactors: body.multiFactors, ip: request.ip })
 * // … the user passed the gate: mint the session
 */
export async function requireMultiFactors(
  ctx: SigilContext,
  parameters: RequireMultiFactorsParameters,
): Promise<void> {
  const factors = await listVerifiedMultiFactors(ctx, { userId: parameters.userId })
  if (factors.length === 0) return
  const codes = parameters.multiFactors ?? []
  if (codes.length === 0) throw mfaErrors.mfaRequired(factors)
  if (parameters.ip !== undefined) await ctx.rateLimits.codeChecksPerIp.consume(parameters.ip)
  const failureKey = parameters.failureKey ?? parameters.userId
  await ctx.rateLimits.mfaFailuresPerUser.assertOpen(failureKey)
  const { pendingLogin } = parameters
  const attempt = pendingLogin
    ? await reserveMfaTokenAttempt(ctx, { ...pendingLogin, userId: parameters.userId })
    : 0
  if (pendingLogin && attempt > maxMfaTokenAttempts) {
    await killMfaToken(ctx, pendingLogin)
    throw mfaErrors.invalidToken()
  }
  const fail = async () => {
    if (pendingLogin && attempt >= maxMfaTokenAttempts) await killMfaToken(ctx, pendingLogin)
    await ctx.rateLimits.mfaFailuresPerUser.consume(failureKey)
    return mfaErrors.invalidCode()
  }

  const recovery = codes.find((entry) => 'recoveryCode' in entry)
  if (recovery) {
    // One recovery code stands alone: mixed with TOTP codes, the request is refused like a wrong code.
    if (
      codes.length !== 1 ||
      !(await useRecoveryCode(ctx, { userId: parameters.userId, typed: recovery.recoveryCode }))
    )
      throw await fail()
    return
  }
  const entries = codes as MultiFactorEntry[]

  const rows = await ctx.store.db
    .selectFrom('mfa_factors')
    .select(['id', 'type', 'sealed_secret'])
    .where('user_id', '=', parameters.userId)
    .where('type', 'in', ['totp', 'sms'])
    .where('verified', '=', 1)
    .where(
      'id',
      'in',
      entries.map((code) => code.multiFactorId),
    )
    .execute()
  const smsScope = pendingLogin ? `login:${pendingLogin.jti}` : parameters.smsScope
  const matches: { factorId: string; step: number }[] = []
  const texted: { factorId: string; code: string }[] = []
  for (const { multiFactorId, multiFactorCode } of entries) {
    const row = rows.find((candidate) => candidate.id === multiFactorId)
    if (!row) throw await fail()
    if (row.type === 'sms') {
      if (smsScope === undefined || texted.some((entry) => entry.factorId === row.id)) throw await fail()
      texted.push({ factorId: row.id, code: multiFactorCode })
      continue
    }
    const step = await matchTotpCode(ctx, {
      factorId: row.id,
      sealedSecret: row.sealed_secret,
      code: multiFactorCode,
    })
    if (step === undefined) throw await fail()
    matches.push({ factorId: row.id, step })
  }
  // Texted codes are used up one by one (each is single-use in its own row); checked after every TOTP
  // code matched, so a wrong TOTP code does not burn a right texted one.
  for (const { factorId, code } of texted)
    if (!(await useSmsFactorCode(ctx, { factorId, scope: smsScope as string, code }))) throw await fail()
  const now = ctx.now()
  // Throwing inside the work rolls its savepoint back: no step is recorded unless every code passes.
  const accepted = await ctx.batcher
    .run(async (trx) => {
      for (const match of matches)
        if (!(await acceptTotpStep(trx, { ...match, now }))) throw mfaErrors.invalidCode()
      return true
    })
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.errorCode === signerErrorCodes.INVALID_MFA_CODE) return false
      throw error
    })
  if (!accepted) throw await fail()
}
