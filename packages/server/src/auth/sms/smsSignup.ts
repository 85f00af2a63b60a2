import type { z } from 'zod'
import type { SigilContext } from '../../SigilContext.js'
import type { SignerRequest } from '../../signin/defineSignerRoute.js'
import { createUserAccount, withSignupLock } from '../../users/createUserAccount.js'
import { findReusablePhoneAccount } from '../../users/findReusablePhoneAccount.js'
import { findUserByPhone } from '../../users/findUserByPhone.js'
import { type EmailAccount, issueEmailCode } from '../email/issueEmailCode.js'
import type { smsStartSchema } from './smsStartSchema.js'

export type SmsSignupReturnType = {
  orgId: string
  /** Only when this request created the account. */
  userId?: string
  /** Only when this request created the account. */
  address?: `0x${string}`
  otpId: string
}

/**
 * Sign-up by SMS (`/signer/v1/signup {phone, targetPublicKey}`), the twin of the email sign-up: finds
 * the app's user that has proven this number, else an account an earlier SMS sign-up created for it
 * that was never confirmed and holds no credential, else creates the account (sub-organization,
 * user, wallet) with the number unproven; then texts a code. Using that code (`/v1/otp`) proves the
 * number. Signing up again with a known number just texts a new code for the same organization,
 * without `userId` and `address`: knowing a number is not enough to learn its wallet address.
 *
 * @example
 * const { orgId, otpId } = await smsSignup(ctx, request, { phone: '+14155550123', targetPublicKey })
 */
export async function smsSignup(
  ctx: SigilContext,
  request: SignerRequest,
  body: z.output<typeof smsStartSchema>,
): Promise<SmsSignupReturnType> {
  const { app } = request
  const { phone } = body
  return withSignupLock(`${app.id}:${phone}`, async () => {
    let created: { address: `0x${string}` } | undefined
    const findOrCreate = async (): Promise<EmailAccount> => {
      const existing = await findUserByPhone(ctx, app, phone)
      if (existing) return existing
      const unconfirmed = await findReusablePhoneAccount(ctx, app, phone)
      if (unconfirmed) return { ...unconfirmed, signup: true }
      const account = await createUserAccount(ctx, { app, phone })
      created = { address: account.address }
      return { organizationId: account.organizationId, userId: account.userId, signup: true }
    }
    const issued = await issueEmailCode(ctx, {
      app,
      ip: request.ip,
      email: phone,
      channel: 'sms',
      account: findOrCreate,
      targetPublicKey: body.targetPublicKey,
    })
    const account = issued.account as EmailAccount
    return {
      orgId: account.organizationId,
      ...(created ? { userId: account.userId, address: created.address } : {}),
      otpId: issued.otpId,
    }
  })
}
