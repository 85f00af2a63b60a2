import { defineSignerRoute } from '../../signin/defineSignerRoute.js'
import { finishSignIn } from '../mfa/finishSignIn.js'
import { consumeEmailCode } from './consumeEmailCode.js'
import { emailErrors } from './emailErrors.js'
import { otpSchema } from './otpSchema.js'

/**
 * `POST /signer/v1/otp`: checks the emailed code (per-IP limited; every failure is 400 `invalid OTP
 * code`, with the code `OTP_CODE_EXPIRED` when this sign-in's code can no longer be used) and uses it up, then signs in: a credential bundle sealed to this request's
 * `targetPublicKey`. A user with a verified TOTP factor gets `MFA_REQUIRED` and an `encryptedPayload`
 * for `/v1/auth-validate-multi-factors`, unless `multiFactors` came along and check. The email code
 * is used up before the second factor is checked: after a wrong TOTP code the user asks for a new one.
 */
export const otpRoute = defineSignerRoute({
  path: '/v1/otp',
  schema: otpSchema,
  async handle(ctx, request, body) {
    await ctx.rateLimits.codeChecksPerIp.consume(request.ip)
    const result = await consumeEmailCode(ctx, {
      otpId: body.otpId,
      secret: body.otpCode,
      kind: 'otp',
      appId: request.app.id,
      organizationId: body.orgId,
    })
    if (!result.ok) throw result.dead ? emailErrors.deadOtpCode() : emailErrors.invalidOtpCode()
    const { code } = result
    const login = {
      organizationId: code.organizationId,
      userId: code.userId,
      targetPublicKey: body.targetPublicKey,
      expirationSeconds: body.expirationSeconds ?? code.expirationSeconds,
      credentialType: 'CREDENTIAL_TYPE_OTP_AUTH_KEY_P256',
    } as const
    return finishSignIn(ctx, login, { multiFactors: body.multiFactors, ip: request.ip })
  },
})
