import type { z } from 'zod'
import type { SigilContext } from '../../SigilContext.js'
import type { SignerRequest } from '../../signin/defineSignerRoute.js'
import { findUserByPhone } from '../../users/findUserByPhone.js'
import { emailErrors } from '../email/emailErrors.js'
import { issueEmailCode } from '../email/issueEmailCode.js'
import type { smsStartSchema } from './smsStartSchema.js'

/**
 * `POST /signer/v1/auth {phone, targetPublicKey}` (through the shared `/v1/auth` route): sign-in of an
 * existing user by a proven phone number (404 `user not found` otherwise: a number stored unproven
 * never leads to its account). Texts a 6-digit code with the email codes' limits and answers
 * `{orgId, otpId}`; `/v1/otp` trades the code for a session (and asks for a second factor there).
 *
 * @example
 * const { orgId, otpId } = await smsAuth(ctx, request, { phone: '+14155550123', targetPublicKey })
 */
export async function smsAuth(
  ctx: SigilContext,
  request: SignerRequest,
  body: z.output<typeof smsStartSchema>,
): Promise<{ orgId: string; otpId: string }> {
  const user = await findUserByPhone(ctx, request.app, body.phone)
  if (!user) throw emailErrors.userNotFound()
  const issued = await issueEmailCode(ctx, {
    app: request.app,
    ip: request.ip,
    email: body.phone,
    channel: 'sms',
    account: user,
    targetPublicKey: body.targetPublicKey,
  })
  return { orgId: user.organizationId, otpId: issued.otpId }
}
