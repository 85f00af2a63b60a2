import type { OtpType } from '@sigil/protocol'
import { SignJWT } from 'jose'
import { createId } from '../../ids/createId.js'
import type { SigilContext } from '../../SigilContext.js'
import { verificationTokenKey } from './verificationTokenKey.js'

/** Audience of verification tokens, so no other token of the server passes for one. */
export const verificationTokenAudience = 'sigil:update-contact'

/**
 * A verification token (`/v1/verify-otp`'s answer): an HS256 JWT with `contact` (what Account Kit
 * reads), `otpType`, `app` and a `jti` that `/v1/update-*-auth` uses up; it lives as long as a code.
 *
 * @example
 * const token = await mintVerificationToken(ctx, { contact: '+14155550123', otpType: 'OTP_TYPE_SMS', appId })
 */
export async function mintVerificationToken(
  ctx: SigilContext,
  parameters: { contact: string; otpType: OtpType; appId: string },
): Promise<string> {
  const now = Math.floor(ctx.now() / 1000)
  return new SignJWT({ contact: parameters.contact, otpType: parameters.otpType, app: parameters.appId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setJti(createId())
    .setAudience(verificationTokenAudience)
    .setIssuedAt(now)
    .setExpirationTime(now + ctx.config.otpLifetimeSeconds)
    .sign(verificationTokenKey(ctx))
}
