import { decodeOauthState, oauthReturnParameters } from '@sigil/protocol'
import type { Context } from 'hono'
import { ApiError } from '../../http/errors/ApiError.js'
import { countSignIn } from '../../observability/countSignIn.js'
import type { SigilContext } from '../../SigilContext.js'
import { completeOauthLogin, type OauthLogin } from './completeOauthLogin.js'
import { findOauthRequest } from './findOauthRequest.js'
import { oauthErrorPageContentSecurityPolicy, renderOauthErrorPage } from './renderOauthErrorPage.js'
import { type OauthPopupMessage, renderOauthPopupPage } from './renderOauthPopupPage.js'
import { type OauthDelivery, toOauthDelivery } from './toOauthDelivery.js'

/** Sent with an MFA-required result too, for SDKs that do not know `alchemy-status`. */
const mfaRequiredError = 'MFA is required for this user'

/** `code`, `state`, … from the query (GET) or the form body (POST, `response_mode=form_post`). */
async function readCallbackParams(c: Context): Promise<URLSearchParams | undefined> {
  if (c.req.method === 'GET') return new URL(c.req.url).searchParams
  if (!c.req.header('content-type')?.toLowerCase().startsWith('application/x-www-form-urlencoded'))
    return undefined
  return new URLSearchParams(await c.req.text())
}

function deliver(c: Context, delivery: OauthDelivery, outcome: OauthLogin | { error: string }): Response {
  if (delivery.mode === 'redirect') {
    const url = new URL(delivery.redirectUrl)
    for (const name of oauthReturnParameters) url.searchParams.delete(name)
    if ('error' in outcome) url.searchParams.set('alchemy-error', outcome.error)
    else if (outcome.status === 'FETCHED_ID_TOKEN_ONLY') {
      url.searchParams.set('alchemy-status', 'FETCHED_ID_TOKEN_ONLY')
      url.searchParams.set('alchemy-id-token', outcome.idToken)
      url.searchParams.set('alchemy-auth-provider', outcome.providerName)
    } else if (outcome.status === 'MFA_REQUIRED') {
      url.searchParams.set('alchemy-status', 'MFA_REQUIRED')
      url.searchParams.set('alchemy-org-id', outcome.orgId)
      url.searchParams.set('alchemy-encrypted-payload', outcome.encryptedPayload)
      url.searchParams.set('alchemy-mfa-factors', JSON.stringify(outcome.multiFactors))
      url.searchParams.set('alchemy-error', mfaRequiredError)
    } else {
      url.searchParams.set('alchemy-bundle', outcome.credentialBundle)
      url.searchParams.set('alchemy-org-id', outcome.orgId)
      url.searchParams.set('alchemy-id-token', outcome.idToken)
      if (outcome.isSignup) {
        // The web SDK reads `aa-is-signup`, React Native `alchemy-is-signup`.
        url.searchParams.set('aa-is-signup', 'true')
        url.searchParams.set('alchemy-is-signup', 'true')
      }
    }
    return c.redirect(url.toString(), 302)
  }
  const message: OauthPopupMessage =
    'error' in outcome
      ? { alchemyError: outcome.error }
      : outcome.status === 'FETCHED_ID_TOKEN_ONLY'
        ? {
            alchemyStatus: 'FETCHED_ID_TOKEN_ONLY',
            alchemyIdToken: outcome.idToken,
            alchemyAuthProvider: outcome.providerName,
          }
        : outcome.status === 'MFA_REQUIRED'
          ? {
              alchemyStatus: 'MFA_REQUIRED',
              alchemyOrgId: outcome.orgId,
              alchemyEncryptedPayload: outcome.encryptedPayload,
              alchemyMultiFactors: outcome.multiFactors,
              alchemyError: mfaRequiredError,
            }
          : {
              alchemyBundle: outcome.credentialBundle,
              alchemyOrgId: outcome.orgId,
              alchemyIdToken: outcome.idToken,
              alchemyIsSignup: outcome.isSignup,
            }
  const page = renderOauthPopupPage({ openerOrigin: delivery.openerOrigin, message })
  c.header('Content-Security-Policy', page.contentSecurityPolicy)
  return c.html(page.html, 200)
}

/**
 * `GET|POST /signer/v1/oauth/callback`: where the provider sends the browser back (apps set the
 * SDK's `oauthCallbackUrl` to `<publicUrl>/signer/v1/oauth/callback`). It decodes `state`, loads
 * the request named by its `requestKey`, checks that the `redirectUrl` or `openerOrigin` belongs to
 * the request's app, completes the login ({@link completeOauthLogin}), and answers with a 302 to
 * `redirectUrl` (`alchemy-bundle`, `alchemy-org-id`, `alchemy-id-token`, `aa-is-signup`, or
 * `alchemy-error`) or with a popup page that posts the result to its opener. A user with a verified
 * TOTP factor gets no bundle: `alchemy-status=MFA_REQUIRED` with `alchemy-org-id`,
 * `alchemy-encrypted-payload` and `alchemy-mfa-factors` (popup: `alchemyStatus`, `alchemyOrgId`,
 * `alchemyEncryptedPayload`, `alchemyMultiFactors`), see docs/oauth.md. When it cannot trust where
 * to answer, it shows a 400 error page instead: never a redirect.
 *
 * @example
 * app.on(['GET', 'POST'], '/signer/v1/oauth/callback', createOauthCallbackHandler(ctx))
 */
export function createOauthCallbackHandler(ctx: SigilContext) {
  return async (c: Context): Promise<Response> => {
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'no-referrer')
    const refuse = (reason: string) => {
      ctx.logger.warn('oauth callback refused', { reason })
      c.header('Content-Security-Policy', oauthErrorPageContentSecurityPolicy)
      return c.html(renderOauthErrorPage('This sign-in request is invalid or has expired.'), 400)
    }
    const params = await readCallbackParams(c)
    if (!params) return refuse('not a form post')
    const state = decodeOauthState(params.get('state'))
    if (!state) return refuse('bad state')
    const request = await findOauthRequest(ctx, state.requestKey)
    if (!request) return refuse('unknown request')
    const delivery = toOauthDelivery(request.app, state)
    if (!delivery) return refuse('redirect or opener origin not allowed')
    try {
      const login = () => completeOauthLogin(ctx, { request, state, params })
      return deliver(c, delivery, await countSignIn(ctx.metrics, 'oauth', login))
    } catch (error) {
      if (error instanceof ApiError)
        ctx.logger.warn('oauth login failed', {
          appId: request.app.id,
          providerId: state.authProviderId,
          code: error.errorCode,
        })
      else ctx.logger.error('oauth login failed', { appId: request.app.id, error: (error as Error).name })
      return deliver(c, delivery, {
        error: error instanceof ApiError ? error.shortMessage : 'OAuth sign-in failed',
      })
    }
  }
}
