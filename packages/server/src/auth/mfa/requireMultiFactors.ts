import type { SigilContext } from '../../SigilContext.js'
import { acceptTotpStep } from './acceptTotpStep.js'
import { listVerifiedFactors } from './listVerifiedFactors.js'
import { matchTotpCode } from './matchTotpCode.js'
import { mfaErrors } from './mfaErrors.js'

export type RequireMultiFactorsParameters = {
  userId: string
  /** The codes the client sent (`multiFactors` of the request body). */
  multiFactors?: { multiFactorId: string; multiFactorCode: string }[] | undefined
  /** The client's IP: when given, each check takes a point of `codeChecksPerIp`. */
  ip?: string | undefined
}

/**
 * The second-factor gate of a sign-in. Returns at once when the user has no verified factor.
 * Otherwise every code sent must name one of the user's verified factors and be right for the
 * current step (±1), and not be a step already used; at least one must be sent.
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
  const factors = await listVerifiedFactors(ctx, { userId: parameters.userId })
  if (factors.length === 0) return
  const codes = parameters.multiFactors ?? []
  if (codes.length === 0) throw mfaErrors.mfaRequired(factors)
  if (parameters.ip !== undefined) await ctx.rateLimits.codeChecksPerIp.consume(parameters.ip)

  const rows = await ctx.store.db
    .selectFrom('mfa_factors')
    .select(['id', 'sealed_secret'])
    .where('user_id', '=', parameters.userId)
    .where('type', '=', 'totp')
    .where('verified', '=', 1)
    .where(
      'id',
      'in',
      codes.map((code) => code.multiFactorId),
    )
    .execute()
  const matches: { factorId: string; step: number }[] = []
  for (const { multiFactorId, multiFactorCode } of codes) {
    const row = rows.find((candidate) => candidate.id === multiFactorId)
    if (!row) throw mfaErrors.invalidCode()
    const step = await matchTotpCode(ctx, {
      factorId: row.id,
      sealedSecret: row.sealed_secret,
      code: multiFactorCode,
    })
    if (step === undefined) throw mfaErrors.invalidCode()
    matches.push({ factorId: row.id, step })
  }
  const now = ctx.now()
  // Throwing inside the work rolls its savepoint back: no step is recorded unless every code passes.
  await ctx.batcher.run(async (trx) => {
    for (const match of matches)
      if (!(await acceptTotpStep(trx, { ...match, now }))) throw mfaErrors.invalidCode()
  })
}
