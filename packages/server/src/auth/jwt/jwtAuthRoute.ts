import { p256 } from '@noble/curves/nist.js'
import { type JwtMfaRequiredData, signerErrorCodes } from '@sigil/protocol'
import { ApiError } from '../../http/errors/ApiError.js'
import { defineSignerRoute } from '../../signin/defineSignerRoute.js'
import { finishSignIn } from '../mfa/finishSignIn.js'
import { consumeJwtId } from './consumeJwtId.js'
import { findJwtUser } from './findJwtUser.js'
import { findOrCreateJwtUser } from './findOrCreateJwtUser.js'
import { jwtAuthSchema } from './jwtAuthSchema.js'
import { verifyCustomJwt } from './verifyCustomJwt.js'

/**
 * `POST /signer/v1/auth-jwt`: bring-your-own auth (docs/custom-jwt.md). The app's backend minted
 * `jwt` for its signed-in user; once it verifies against an issuer the app registered
 * (`verifyCustomJwt`) it is used up (`jti`, single use), the user it names is found or created with
 * a wallet, and the MFA gate runs as after an email code: the answer is `{ isSignUp, orgId,
 * credentialBundle }` (sealed to `targetPublicKey`), or, for a user with a second factor and no codes
 * sent along, 400 `MFA is required for this user` (`MFA_REQUIRED`) whose `data` carries the MFA
 * token `/v1/auth-validate-multi-factors` takes.
 */
export const jwtAuthRoute = defineSignerRoute({
  path: '/v1/auth-jwt',
  schema: jwtAuthSchema,
  async handle(ctx, request, body) {
    // Checked before the token is used up, so a bad key does not cost the user their token.
    try {
      p256.Point.fromHex(body.targetPublicKey.replace(/^0x/, ''))
    } catch (cause) {
      throw new ApiError('INVALID_ARGUMENT', 'targetPublicKey is not a P-256 public key', {
        errorCode: signerErrorCodes.INVALID_TARGET_PUBLIC_KEY,
        cause,
      })
    }
    // Refused tokens are counted per client IP (checked before, taken only on a refusal), so one
    // address cannot probe issuers and keys at full speed while users behind it keep signing in.
    const failures = ctx.rateLimits.jwtFailuresPerIp
    await failures.assertOpen(request.ip)
    const token = await verifyCustomJwt(ctx, { app: request.app, jwt: body.jwt }).catch(
      async (error: unknown) => {
        if (error instanceof ApiError) await failures.consume(request.ip)
        throw error
      },
    )
    const identity = { appId: request.app.id, issuer: token.issuer.issuer, subject: token.subject }
    // A new user costs a wallet: sign-ups are limited per client IP, before the token is used up, so
    // a refused one can be sent again later.
    if (!(await findJwtUser(ctx, identity))) await ctx.rateLimits.jwtSignUpsPerIp.consume(request.ip)
    await consumeJwtId(ctx, {
      issuer: token.issuer.issuer,
      tokenId: token.tokenId,
      expiresAt: token.expiresAt,
    }).catch(async (error: unknown) => {
      if (error instanceof ApiError) await failures.consume(request.ip)
      throw error
    })
    const user = await findOrCreateJwtUser(ctx, {
      app: request.app,
      issuer: token.issuer.issuer,
      subject: token.subject,
    })
    const gate = await finishSignIn(
      ctx,
      {
        organizationId: user.organizationId,
        userId: user.userId,
        targetPublicKey: body.targetPublicKey,
        expirationSeconds: body.expirationSeconds,
        credentialType: 'CREDENTIAL_TYPE_OAUTH_KEY_P256',
      },
      { multiFactors: body.multiFactors, ip: request.ip },
    )
    ctx.logger.info('jwt login', {
      appId: request.app.id,
      issuerId: token.issuer.id,
      userId: user.userId,
      signup: user.isSignup,
      mfaRequired: gate.status === 'MFA_REQUIRED',
    })
    if (gate.status === 'MFA_REQUIRED') {
      const data: JwtMfaRequiredData = {
        multiFactors: gate.multiFactors,
        encryptedPayload: gate.encryptedPayload,
        orgId: user.organizationId,
        isSignUp: user.isSignup,
      }
      throw new ApiError('FAILED_PRECONDITION', 'MFA is required for this user', {
        errorCode: signerErrorCodes.MFA_REQUIRED,
        data,
      })
    }
    return { isSignUp: user.isSignup, orgId: user.organizationId, credentialBundle: gate.credentialBundle }
  },
})
