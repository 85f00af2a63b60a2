import type { z } from 'zod'
import type { SigilContext } from '../../SigilContext.js'
import type { SignerRequest } from '../../signin/defineSignerRoute.js'
import { findUserByEmail } from '../../users/findUserByEmail.js'
import { requireMultiFactors } from '../mfa/requireMultiFactors.js'
import type { emailAuthSchema } from './emailAuthSchema.js'
import { emailErrors } from './emailErrors.js'
import { issueEmailCode } from './issueEmailCode.js'

/**
 * `POST /signer/v1/auth {email, …}` (through the shared `/v1/auth` route): sign-in of an existing user by a proven email (404 `user not found`
 * otherwise: an email stored unproven, e.g. by a passkey sign-up, never leads here to its account).
 * In magic-link mode a user with a verified TOTP factor must send `multiFactors` first (the
 * MFA-required answer carries `data.multiFactors`); in OTP mode `/v1/otp` asks for it. Answers
 * `{orgId, otpId?}` (`otpId` in OTP mode).
 */
export async function emailAuth(
  ctx: SigilContext,
  request: SignerRequest,
  body: z.output<typeof emailAuthSchema>,
): Promise<{ orgId: string; otpId?: string }> {
  const { app } = request
  const user = await findUserByEmail(ctx, app, body.email)
  if (!user) throw emailErrors.userNotFound()
  if (app.emailMode === 'magic-link')
    await requireMultiFactors(ctx, {
      userId: user.userId,
      multiFactors: body.multiFactors,
      ip: request.ip,
      failureKey: `magic-link:${user.userId}`,
    })
  const issued = await issueEmailCode(ctx, {
    app,
    ip: request.ip,
    email: body.email,
    account: user,
    targetPublicKey: body.targetPublicKey,
    expirationSeconds: body.expirationSeconds,
    redirectParams: body.redirectParams,
  })
  return { orgId: user.organizationId, ...(issued.kind === 'otp' ? { otpId: issued.otpId } : {}) }
}
