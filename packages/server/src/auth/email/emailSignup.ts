import type { z } from 'zod'
import type { SigilContext } from '../../SigilContext.js'
import type { SignerRequest } from '../../signin/defineSignerRoute.js'
import { createUserAccount, withSignupLock } from '../../users/createUserAccount.js'
import { findReusableEmailAccount } from '../../users/findReusableEmailAccount.js'
import { findUserByEmail } from '../../users/findUserByEmail.js'
import { requireMultiFactors } from '../mfa/requireMultiFactors.js'
import type { emailSignupSchema } from './emailSignupSchema.js'
import { type EmailAccount, issueEmailCode } from './issueEmailCode.js'

export type EmailSignupReturnType = {
  orgId: string
  /** Only when this request created the account. */
  userId?: string
  /** Only when this request created the account. */
  address?: `0x${string}`
  /** OTP mode only: the id `/v1/otp` needs with the code. */
  otpId?: string
}

/**
 * Sign-up by email (`/signer/v1/signup {email, …}`): finds the app's user that has proven this email,
 * else an account an earlier email sign-up created for it that was never confirmed and holds no
 * credential (see `findReusableEmailAccount`), else creates the account (sub-organization, user,
 * wallet) with the email unproven; then mails a code or a link as the app's email mode says (the
 * request's deprecated `emailMode` is ignored). Using that code proves the email. An account with the
 * email unproven and a credential (a passkey sign-up's) is never reused: its creator did not prove the
 * address. Signing up again with a known email just sends a new code for the same organization; the
 * answer then leaves out `userId` and `address`, so knowing an email is not enough to learn its
 * wallet address. In magic-link mode a known user with a TOTP factor is sent to `/v1/auth` (MFA
 * required), as the link itself asks for no second factor.
 *
 * @example
 * const { orgId, otpId } = await emailSignup(ctx, request, { email: 'ada@example.com', targetPublicKey })
 */
export async function emailSignup(
  ctx: SigilContext,
  request: SignerRequest,
  body: z.output<typeof emailSignupSchema>,
): Promise<EmailSignupReturnType> {
  const { app } = request
  const { email } = body
  return withSignupLock(`${app.id}:${email}`, async () => {
    let created: { address: `0x${string}` } | undefined
    const findOrCreate = async (): Promise<EmailAccount> => {
      const existing = await findUserByEmail(ctx, app, email)
      if (existing) {
        if (app.emailMode === 'magic-link') await requireMultiFactors(ctx, { userId: existing.userId })
        return existing
      }
      const unconfirmed = await findReusableEmailAccount(ctx, app, email)
      if (unconfirmed) return { ...unconfirmed, signup: true }
      const account = await createUserAccount(ctx, { app, email })
      created = { address: account.address }
      return { organizationId: account.organizationId, userId: account.userId, signup: true }
    }
    const issued = await issueEmailCode(ctx, {
      app,
      ip: request.ip,
      email,
      account: findOrCreate,
      targetPublicKey: body.targetPublicKey,
      expirationSeconds: body.expirationSeconds,
      redirectParams: body.redirectParams,
    })
    const account = issued.account as EmailAccount
    return {
      orgId: account.organizationId,
      ...(created ? { userId: account.userId, address: created.address } : {}),
      ...(issued.kind === 'otp' ? { otpId: issued.otpId } : {}),
    }
  })
}
