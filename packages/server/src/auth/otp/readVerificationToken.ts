import type { OtpType } from '@sigil/protocol'
import { jwtVerify } from 'jose'
import type { SigilContext } from '../../SigilContext.js'
import { verificationTokenAudience } from './mintVerificationToken.js'
import { otpErrors } from './otpErrors.js'
import { verificationTokenKey } from './verificationTokenKey.js'

export type VerificationToken = { jti: string; contact: string; expiresAt: number }

/**
 * Checks a verification token for `appId`, `otpType` and `contact` (signature, HS256 only,
 * audience, expiry); throws `INVALID_VERIFICATION_TOKEN` otherwise. It does not use the token up:
 * the caller records its `jti` in the same write that uses it.
 *
 * @example
 * const token = await readVerificationToken(ctx, raw, { appId, otpType: 'OTP_TYPE_EMAIL', contact: 'ada@example.com' })
 */
export async function readVerificationToken(
  ctx: SigilContext,
  raw: string,
  expected: { appId: string; otpType: OtpType; contact: string },
): Promise<VerificationToken> {
  let payload: Record<string, unknown>
  try {
    ;({ payload } = await jwtVerify(raw, verificationTokenKey(ctx), {
      algorithms: ['HS256'],
      audience: verificationTokenAudience,
      currentDate: new Date(ctx.now()),
      requiredClaims: ['jti', 'exp'],
    }))
  } catch {
    throw otpErrors.invalidVerificationToken('the token is malformed, forged or expired')
  }
  if (payload.app !== expected.appId) throw otpErrors.invalidVerificationToken('the token is of another app')
  if (payload.otpType !== expected.otpType)
    throw otpErrors.invalidVerificationToken(
      expected.otpType === 'OTP_TYPE_SMS'
        ? 'the token proves an email, not a phone number'
        : 'the token proves a phone number, not an email',
    )
  if (payload.contact !== expected.contact)
    throw otpErrors.invalidVerificationToken('the token proves another contact than the one being set')
  return { jti: String(payload.jti), contact: expected.contact, expiresAt: Number(payload.exp) * 1000 }
}
