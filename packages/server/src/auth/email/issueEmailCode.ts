import { randomBytes, randomInt } from 'node:crypto'
import { base64urlEncode } from '@sigil/protocol'
import type { App } from '../../apps/App.js'
import { createId } from '../../ids/createId.js'
import { magicLinkEmail } from '../../mail/magicLinkEmail.js'
import { otpEmail } from '../../mail/otpEmail.js'
import type { SigilContext } from '../../SigilContext.js'
import { otpSms } from '../../sms/otpSms.js'
import { codeFailureKey } from './codeFailureKey.js'
import { emailErrors } from './emailErrors.js'
import { hashEmailCode } from './hashEmailCode.js'

/** The account an email code signs in to. */
export type EmailAccount = {
  organizationId: string
  userId: string
  /** True when this request created the account (the magic link then says `aa-is-signup=true`). */
  signup?: boolean | undefined
}

export type IssueEmailCodeParameters = {
  app: App
  /** Client IP, for the per-IP send limit. */
  ip: string
  /** Where the code goes: a lower-cased email, or with `channel: 'sms'` an E.164 phone number. */
  email: string
  /** `email` (default) or `sms`: a text always carries a 6-digit code, whatever the app's email mode. */
  channel?: 'email' | 'sms' | undefined
  /**
   * The account, or a function that finds or creates it; it runs only after the rate limits passed.
   * Absent for a `verify` code (`/v1/init-otp`), which proves a contact and signs in nobody.
   */
  account?: EmailAccount | (() => Promise<EmailAccount>) | undefined
  /** The client's key the session will be sealed to (absent for a `verify` code). */
  targetPublicKey?: string | undefined
  /** Session lifetime the client asked for. Default 900. */
  expirationSeconds?: number | undefined
  /** Query string to append to the magic-link redirect. */
  redirectParams?: string | undefined
}

export type IssueEmailCodeReturnType = {
  otpId: string
  kind: App['emailMode'] | 'verify'
  /** Undefined for a `verify` code. */
  account: EmailAccount | undefined
}

/** Live codes one address may hold per app; issuing one more kills the oldest. */
const maxLiveCodes = 3

/**
 * Sends a sign-in code (OTP mode: 6 digits from a CSPRNG) or magic link (32 random bytes) by email,
 * or a 6-digit code by SMS (`channel: 'sms'`), after the per-address and per-IP send limits (an SMS
 * number counts as an address). Only an HMAC of the secret is stored; the code lives
 * `otpLifetimeSeconds`, and at most 3 codes per address and app are live at once. Without `account`
 * it is a `verify` code (`/v1/init-otp`): the same code, limits and checks, for no account.
 *
 * @example
 * const { otpId } = await issueEmailCode(ctx, { app, ip, email, account: { organizationId, userId }, targetPublicKey })
 */
export async function issueEmailCode(
  ctx: SigilContext,
  parameters: IssueEmailCodeParameters,
): Promise<IssueEmailCodeReturnType> {
  const { app, email } = parameters
  const channel = parameters.channel ?? 'email'
  const kind = parameters.account === undefined ? 'verify' : channel === 'sms' ? 'otp' : app.emailMode
  if (kind === 'magic-link' && !app.redirectUrl) throw emailErrors.redirectUrlMissing()
  await ctx.rateLimits.emailSendsPerAddress.consume(`${app.id}:${email}`)
  await ctx.rateLimits.emailSendsPerIp.consume(parameters.ip)

  const account = typeof parameters.account === 'function' ? await parameters.account() : parameters.account
  // A code the account's daily cap on wrong codes would refuse is not sent (docs/security.md).
  await ctx.rateLimits.emailCodeFailuresPerUser.assertOpen(
    codeFailureKey({ app_id: app.id, email, user_id: account?.userId ?? '' }),
  )
  const otpId = createId()
  const secret =
    kind === 'magic-link'
      ? base64urlEncode(randomBytes(32))
      : String(randomInt(0, 1_000_000)).padStart(6, '0')
  const lifetimeSeconds = ctx.config.otpLifetimeSeconds
  const now = ctx.now()
  await ctx.batcher.run(async (trx) => {
    const live = await trx
      .selectFrom('email_codes')
      .select('id')
      .where('app_id', '=', app.id)
      .where('email', '=', email)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute()
    const superseded = live.slice(maxLiveCodes - 1).map((row) => row.id)
    if (superseded.length > 0)
      await trx.updateTable('email_codes').set({ used_at: now }).where('id', 'in', superseded).execute()
    await trx
      .insertInto('email_codes')
      .values({
        id: otpId,
        app_id: app.id,
        email,
        organization_id: account?.organizationId ?? '',
        user_id: account?.userId ?? '',
        kind,
        channel,
        code_hash: hashEmailCode(ctx, { otpId, secret }),
        attempts: 0,
        expires_at: now + lifetimeSeconds * 1000,
        used_at: null,
        target_public_key: parameters.targetPublicKey ?? '',
        expiration_seconds: Math.min(parameters.expirationSeconds ?? 900, ctx.config.maxSessionSeconds),
        redirect_params: parameters.redirectParams ?? null,
        created_at: now,
        signup: account?.signup ? 1 : 0,
      })
      .execute()
  })

  if (channel === 'sms') {
    try {
      await ctx.sms.send({ to: email, ...otpSms({ appName: app.name, code: secret, lifetimeSeconds }) })
    } catch (cause) {
      ctx.logger.warn('sign-in text not sent', { otpId, error: (cause as Error | undefined)?.name })
      throw emailErrors.smsNotSent(cause)
    }
    return { otpId, kind, account }
  }
  const mail =
    kind === 'magic-link'
      ? magicLinkEmail({
          appName: app.name,
          link: `${ctx.config.publicUrl}/signer/v1/magic-link?otpId=${encodeURIComponent(otpId)}&token=${secret}`,
          lifetimeSeconds,
        })
      : otpEmail({ appName: app.name, code: secret, lifetimeSeconds })
  try {
    await ctx.mailer.send({ to: email, ...mail })
  } catch (cause) {
    ctx.logger.warn('sign-in email not sent', { otpId, error: (cause as Error | undefined)?.name })
    throw emailErrors.mailNotSent(cause)
  }
  return { otpId, kind, account }
}
