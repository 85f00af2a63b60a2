import { getOauthNonce, type MultiFactor, type OauthState, signerErrorCodes } from '@sigil/protocol'
import * as client from 'openid-client'
import { ApiError } from '../../http/errors/ApiError.js'
import type { SigilContext } from '../../SigilContext.js'
import { finishSignIn } from '../mfa/finishSignIn.js'
import { consumeOauthRequest } from './consumeOauthRequest.js'
import type { OauthRequest } from './findOauthRequest.js'
import { findOrCreateOauthUser } from './findOrCreateOauthUser.js'
import { getOauthClient } from './getOauthClient.js'
import { grantOauthLink } from './grantOauthLink.js'

/** Path of the OAuth callback (apps set the SDK's `oauthCallbackUrl` to `<publicUrl>` + this). */
export const oauthCallbackPath = '/signer/v1/oauth/callback'

export type CompleteOauthLoginParameters = {
  request: OauthRequest
  state: OauthState
  /** Every parameter of the authorization response (`code`, `state`, `iss`, or `error`). */
  params: URLSearchParams
}

/**
 * What the callback delivers: a session, or (the user has a verified TOTP factor) an MFA token the
 * app exchanges with a code at `/v1/auth-validate-multi-factors` (docs/oauth.md, "Two-factor").
 */
export type OauthLogin =
  | { status: 'SUCCESS'; credentialBundle: string; orgId: string; idToken: string; isSignup: boolean }
  | { status: 'MFA_REQUIRED'; encryptedPayload: string; multiFactors: MultiFactor[]; orgId: string }
  | { status: 'FETCHED_ID_TOKEN_ONLY'; idToken: string; providerName: string }

const failed = (message: string, errorCode: string, cause?: unknown) =>
  new ApiError('UNAUTHENTICATED', message, { errorCode, cause })

/** A short, safe reason for a failed code exchange or ID token check (no token, no code). */
function exchangeFailure(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  if (error instanceof client.ResponseBodyError)
    return failed(
      `OAuth provider refused the code (${error.error})`,
      signerErrorCodes.OAUTH_CODE_REFUSED,
      error,
    )
  if (error instanceof client.AuthorizationResponseError)
    return failed(
      `OAuth provider returned an error (${error.error})`,
      signerErrorCodes.OAUTH_PROVIDER_ERROR,
      error,
    )
  const code = (error as { code?: unknown }).code
  return failed(
    `OAuth sign-in failed: the provider's answer did not verify${typeof code === 'string' ? ` (${code})` : ''}`,
    signerErrorCodes.OAUTH_ID_TOKEN_INVALID,
    error,
  )
}

/**
 * The callback's work once `state` and the request are known: consumes the `requestKey` (single
 * use), checks the provider and the nonce binding, exchanges the code with the PKCE verifier (the ID
 * token's signature, iss, aud, exp and nonce are verified by openid-client), finds or creates the
 * user and passes the MFA gate ({@link finishSignIn}): a session sealed to `state.turnkeyPublicKey`,
 * or, for a user with a verified TOTP factor, no session but an MFA token bound to that same key.
 * With `state.fetchIdTokenOnly` (Account Kit's `addOauthProvider`) no one is signed in: the ID token
 * is answered alone and recorded as a single-use grant for `/v1/add-oauth-provider` ({@link grantOauthLink}).
 *
 * @example
 * const { credentialBundle, orgId, idToken, isSignup } = await completeOauthLogin(ctx, { request, state, params })
 */
export async function completeOauthLogin(
  ctx: SigilContext,
  { request, state, params }: CompleteOauthLoginParameters,
): Promise<OauthLogin> {
  if (!(await consumeOauthRequest(ctx, request.requestKey)))
    throw failed(
      'OAuth request expired or already used; sign in again',
      signerErrorCodes.OAUTH_REQUEST_EXPIRED,
    )
  const providerError = params.get('error')
  if (providerError)
    throw failed(
      `OAuth provider returned an error (${providerError.slice(0, 64).replace(/[^\w.-]/g, '')})`,
      signerErrorCodes.OAUTH_PROVIDER_ERROR,
    )
  const provider = ctx.config.oauthProviders.find(
    (candidate) =>
      candidate.id === state.authProviderId &&
      candidate.isCustomProvider === !!state.isCustomProvider &&
      (!request.app.oauthProviderIds || request.app.oauthProviderIds.includes(candidate.id)),
  )
  if (!provider)
    throw failed(
      `No auth provider found with id ${state.authProviderId}`,
      signerErrorCodes.OAUTH_PROVIDER_UNKNOWN,
    )
  const nonce = getOauthNonce(state.turnkeyPublicKey)
  if (nonce !== request.nonce)
    throw failed('OAuth nonce does not match the key of this sign-in', signerErrorCodes.OAUTH_NONCE_MISMATCH)
  const config = await getOauthClient(ctx, provider)

  const verifier = ctx.vault.open(request.sealedCodeVerifier, `oauth_request:${request.requestKey}`)
  const pkceCodeVerifier = new TextDecoder().decode(verifier)
  verifier.fill(0)
  // The redirect_uri the provider knows, whatever host or proxy the request came through.
  const currentUrl = new URL(`${ctx.config.publicUrl}${oauthCallbackPath}`)
  for (const [name, value] of params) currentUrl.searchParams.append(name, value)
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>
  try {
    tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier,
      expectedNonce: nonce,
      expectedState: params.get('state') ?? '',
      idTokenExpected: true,
    })
  } catch (error) {
    throw exchangeFailure(error)
  }
  const claims = tokens.claims()
  if (!claims || !tokens.id_token)
    throw failed('OAuth provider sent no ID token', signerErrorCodes.OAUTH_ID_TOKEN_INVALID)

  if (state.fetchIdTokenOnly) {
    // Account Kit's `addOauthProvider`: no one is signed in; the token may be linked once, in this app.
    await grantOauthLink(ctx, {
      appId: request.app.id,
      idToken: tokens.id_token,
      providerName: provider.id,
      issuer: claims.iss,
      audience: provider.clientId,
      subject: claims.sub,
      email: claims.email,
      expiresAtSeconds: claims.exp,
    })
    ctx.logger.info('oauth id token fetched for linking', { appId: request.app.id, providerId: provider.id })
    return { status: 'FETCHED_ID_TOKEN_ONLY', idToken: tokens.id_token, providerName: provider.id }
  }

  const user = await findOrCreateOauthUser(ctx, {
    app: request.app,
    providerName: provider.id,
    trustEmailVerified: provider.trustEmailVerified,
    emailVerifiedAsString: provider.emailVerifiedAsString,
    issuer: claims.iss,
    subject: claims.sub,
    audience: provider.clientId,
    email: claims.email,
    emailVerified: claims.email_verified,
  })
  const gate = await finishSignIn(ctx, {
    organizationId: user.organizationId,
    userId: user.userId,
    targetPublicKey: state.turnkeyPublicKey,
    expirationSeconds: state.expirationSeconds,
    credentialType: 'CREDENTIAL_TYPE_OAUTH_KEY_P256',
  })
  ctx.logger.info('oauth login', {
    appId: request.app.id,
    providerId: provider.id,
    userId: user.userId,
    signup: user.isSignup,
    mfaRequired: gate.status === 'MFA_REQUIRED',
  })
  if (gate.status === 'MFA_REQUIRED')
    return {
      status: 'MFA_REQUIRED',
      encryptedPayload: gate.encryptedPayload,
      multiFactors: gate.multiFactors,
      orgId: user.organizationId,
    }
  return {
    status: 'SUCCESS',
    credentialBundle: gate.credentialBundle,
    orgId: user.organizationId,
    idToken: tokens.id_token,
    isSignup: user.isSignup,
  }
}
