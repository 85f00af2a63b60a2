import { signerErrorCodes } from '@sigil/protocol'
import type { Context } from 'hono'
import { toApp } from '../../apps/toApp.js'
import { clientIp } from '../../http/clientIp.js'
import { ApiError } from '../../http/errors/ApiError.js'
import type { SigilContext } from '../../SigilContext.js'
import { mintSessionBundle } from '../../users/mintSessionBundle.js'
import { linkPredatesMfa } from '../mfa/linkPredatesMfa.js'
import { consumeEmailCode } from './consumeEmailCode.js'
import { renderMagicLinkError } from './renderMagicLinkError.js'
import { toMagicLinkRedirect } from './toMagicLinkRedirect.js'

const invalidLink = 'invalid or expired sign-in link'
const deadLink = 'this sign-in link was already used or has expired, ask for a new one'

/**
 * `GET /signer/v1/magic-link?otpId&token`: where an emailed link lands. A right, unused, unexpired
 * token (same rules as codes: single use, three wrong tries kill it) mints a session sealed to the
 * key the client gave when it asked for the link, and answers 302 to the app's redirect URL with
 * `bundle`, `orgId`, the client's `redirectParams` and `aa-is-signup=true` after a sign-up. A failure
 * redirects there with `alchemy-error`, or shows a small error page when the app is unknown.
 *
 * @example
 * app.get('/signer/v1/magic-link', magicLinkLanding(ctx))
 */
export function magicLinkLanding(ctx: SigilContext) {
  const findRedirectUrl = async (appId: string | undefined) => {
    if (!appId) return undefined
    const row = await ctx.store.db.selectFrom('apps').selectAll().where('id', '=', appId).executeTakeFirst()
    return row ? (toApp(row).redirectUrl ?? undefined) : undefined
  }

  return async (c: Context): Promise<Response> => {
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'no-referrer')
    const fail = async (appId: string | undefined, message: string, status: 400 | 409 | 429 = 400) => {
      const redirectUrl = await findRedirectUrl(appId)
      if (redirectUrl)
        return c.redirect(toMagicLinkRedirect({ redirectUrl, values: { 'alchemy-error': message } }), 302)
      return c.html(renderMagicLinkError(`${message[0]!.toUpperCase()}${message.slice(1)}.`), status)
    }

    const otpId = c.req.query('otpId') ?? ''
    const token = c.req.query('token') ?? ''
    if (!otpId || otpId.length > 128 || !token || token.length > 128) return fail(undefined, invalidLink)
    try {
      await ctx.rateLimits.codeChecksPerIp.consume(clientIp(c, ctx.config.trustedProxies))
    } catch {
      return fail(undefined, 'too many sign-in attempts, try again later', 429)
    }

    let result: Awaited<ReturnType<typeof consumeEmailCode>>
    try {
      result = await consumeEmailCode(ctx, { otpId, secret: token, kind: 'magic-link' })
    } catch (error) {
      // Another user of the app proved this email first (see docs/email-sign-in.md).
      // Or the account's daily cap on wrong codes is spent (429 RATE_LIMITED, docs/security.md).
      const known: string[] = [signerErrorCodes.EMAIL_ALREADY_PROVEN, signerErrorCodes.RATE_LIMITED]
      if (!(error instanceof ApiError) || !known.includes(error.errorCode)) throw error
      const row = await ctx.store.db
        .selectFrom('email_codes')
        .select('app_id')
        .where('id', '=', otpId)
        .executeTakeFirst()
      return fail(row?.app_id, error.message, error.status === 429 ? 429 : 409)
    }
    if (!result.ok) return fail(result.appId, result.dead ? deadLink : invalidLink)
    const { code } = result
    const redirectUrl = await findRedirectUrl(code.appId)
    if (!redirectUrl) return fail(undefined, 'this app has no redirect URL for sign-in links')
    // The MFA gate ran when the link was asked for; a link sent before the user's TOTP factor was
    // set up passed none (docs/security.md, "The MFA gate").
    if (await linkPredatesMfa(ctx, { otpId, userId: code.userId }))
      return fail(
        code.appId,
        'this sign-in link was sent before two-factor sign-in was set up, ask for a new one',
      )
    let credentialBundle: string
    try {
      ;({ credentialBundle } = await mintSessionBundle(ctx, {
        organizationId: code.organizationId,
        userId: code.userId,
        targetPublicKey: code.targetPublicKey,
        expirationSeconds: code.expirationSeconds,
        credentialType: 'CREDENTIAL_TYPE_EMAIL_AUTH_KEY_P256',
      }))
    } catch (error) {
      ctx.logger.warn('magic-link sign-in failed', { otpId, error: (error as Error | undefined)?.name })
      return fail(code.appId, 'sign-in failed, ask for a new link')
    }
    const values = {
      bundle: credentialBundle,
      orgId: code.organizationId,
      'aa-is-signup': code.signup ? 'true' : undefined,
    }
    return c.redirect(toMagicLinkRedirect({ redirectUrl, redirectParams: code.redirectParams, values }), 302)
  }
}
