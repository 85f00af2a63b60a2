import { randomBytes, randomInt } from 'node:crypto'
import { base64urlEncode } from '@sigil/protocol'
import type { App } from '../../apps/App.js'
import { createId } from '../../ids/createId.js'
import { magicLinkEmail } from '../../mail/magicLinkEmail.js'
import { otpEmail } from '../../mail/otpEmail.js'
import type { SigilContext } from '../../SigilContext.js'
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
  /** Lower-cased address the mail goes to. */
  email: string
  /** The account, or a function that finds or creates it; it runs only after the rate limits passed. */
  account: EmailAccount | (() => Promise<EmailAccount>)
  /** The client's key the session will be sealed to. */
  targetPublicKey: string
  /** Session lifetime the client asked for. Default 900. */
  expirationSeconds?: number | undefined
  /** Query string to append to the magic-link redirect. */
  redirectParams?: string | undefined
}

export type IssueEmailCodeReturnType = {
  otpId: string
  kind: App['emailMode']
  account: EmailAccount
}

/** Live codes one address may hold per app; issuing one more kills the oldest. */
const maxLiveCodes = 3

/**
 * Sends a sign-in code (OTP mode: 6 digits from a CSPRNG) or magic link (32 random bytes) by email,
 * after the per-address and per-IP send limits. Only an HMAC of the secret is stored; the code lives
 * `otpLifetimeSeconds`, and at most 3 codes per address and app are live at once.
 *
 * @example
 * const { otpId } = await issueEmailCode(ctx, { app, ip, email, account: { organizationId, userId }, targetPublicKey })
 */
export async function issueEmailCode(
  ctx: SigilContext,
  parameters: IssueEmailCodeParameters,
): Promise<IssueEmailCodeReturnType> {
  const { app, email } = parameters
  const kind = app.emailMode
  if (kind === 'magic-link' && !app.redirectUrl) throw emailErrors.redirectUrlMissing()
  await ctx.rateLimits.emailSendsPerAddress.consume(`${app.id}:${email}`)
  await ctx.rateLimits.emailSendsPerIp.consume(parameters.ip)

  const account = typeof parameters.account === 'function' ? await parameters.account() : parameters.account
  // A code the account's daily cap on wrong codes would refuse is not sent (docs/security.md).
  await ctx.rateLimits.emailCodeFailuresPerUser.assertOpen(account.userId)
  const otpId = createId()
  const secret =
    kind === 'otp' ? String(randomInt(0, 1_000_000)).padStart(6, '0') : base64urlEncode(randomBytes(32))
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
        organization_id: account.organizationId,
        user_id: account.userId,
        kind,
        code_hash: hashEmailCode(ctx, { otpId, secret }),
        attempts: 0,
        expires_at: now + lifetimeSeconds * 1000,
        used_at: null,
        target_public_key: parameters.targetPublicKey,
        expiration_seconds: Math.min(parameters.expirationSeconds ?? 900, ctx.config.maxSessionSeconds),
        redirect_params: parameters.redirectParams ?? null,
        created_at: now,
        signup: account.signup ? 1 : 0,
      })
      .execute()
  })

  const mail =
    kind === 'otp'
      ? otpEmail({ appName: app.name, code: secret, lifetimeSeconds })
      : magicLinkEmail({
          appName: app.name,
          link: `${ctx.config.publicUrl}/signer/v1/magic-link?otpId=${encodeURIComponent(otpId)}&token=${secret}`,
          lifetimeSeconds,
        })
  try {
    await ctx.mailer.send({ to: email, ...mail })
  } catch (cause) {
    ctx.logger.warn('sign-in email not sent', { otpId, error: (cause as Error | undefined)?.name })
    throw emailErrors.mailNotSent(cause)
  }
  return { otpId, kind, account }
}
