import { randomInt } from 'node:crypto'
import type { App } from '../../../apps/App.js'
import { createId } from '../../../ids/createId.js'
import type { SigilContext } from '../../../SigilContext.js'
import { otpSms } from '../../../sms/otpSms.js'
import { emailErrors } from '../../email/emailErrors.js'
import { hashSmsFactorCode } from './hashSmsFactorCode.js'

export type IssueSmsFactorCodeParameters = {
  app: App
  /** Client IP, for the per-IP send limit. */
  ip: string
  /** The `sms` factor: the code goes to its number, never to one the request names. */
  factor: { id: string; userId: string; phone: string }
  /** `enroll`, `login:<MFA token id>` or `session`: the one place the code is accepted. */
  scope: string
  /** Unix ms cap on the code's life (a pending login's token expiry). */
  notAfter?: number | undefined
}

/**
 * Texts a fresh 6-digit code (CSPRNG) to an `sms` factor's number, under the limits of SMS sign-in
 * codes: the per-number sends (`emailSendsPerAddress`, shared with sign-in texts to that number) and
 * per-IP sends (`emailSendsPerIp`), living `otpLifetimeSeconds`. A user whose per-user MFA failure
 * limit is spent gets no text (429): the code would be refused. The code replaces the live one of the
 * same factor and scope (one live code per scope); only its HMAC is stored.
 *
 * @example
 * await issueSmsFactorCode(ctx, { app, ip, factor: { id, userId, phone }, scope: `login:${token.jti}` })
 */
export async function issueSmsFactorCode(
  ctx: SigilContext,
  { app, ip, factor, scope, notAfter }: IssueSmsFactorCodeParameters,
): Promise<void> {
  await ctx.rateLimits.mfaFailuresPerUser.assertOpen(factor.userId)
  await ctx.rateLimits.emailSendsPerAddress.consume(`${app.id}:${factor.phone}`)
  await ctx.rateLimits.emailSendsPerIp.consume(ip)
  const codeId = createId()
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const lifetimeSeconds = ctx.config.otpLifetimeSeconds
  const now = ctx.now()
  const expiresAt = Math.min(now + lifetimeSeconds * 1000, notAfter ?? Number.POSITIVE_INFINITY)
  await ctx.batcher.run(async (trx) => {
    await trx
      .updateTable('mfa_sms_codes')
      .set({ used_at: now })
      .where('factor_id', '=', factor.id)
      .where('scope', '=', scope)
      .where('used_at', 'is', null)
      .execute()
    await trx
      .insertInto('mfa_sms_codes')
      .values({
        id: codeId,
        factor_id: factor.id,
        user_id: factor.userId,
        scope,
        code_hash: hashSmsFactorCode(ctx, { codeId, code }),
        attempts: 0,
        expires_at: expiresAt,
        used_at: null,
        created_at: now,
      })
      .execute()
  })
  try {
    await ctx.sms.send({ to: factor.phone, ...otpSms({ appName: app.name, code, lifetimeSeconds }) })
  } catch (cause) {
    ctx.logger.warn('second-factor text not sent', { codeId, error: (cause as Error | undefined)?.name })
    throw emailErrors.smsNotSent(cause)
  }
}
