import { expect } from 'vitest'
import { createTargetKey, stampRequest } from '../../../test/createTargetKey.js'
import type { TestKey, TestServer } from '../../../test/createTestServer.js'
import { readMailboxCode } from '../../email/test/readMailboxCode.js'
import { readSmsCode } from '../../sms/test/readSmsCode.js'

export type TestUser = { orgId: string; userId: string; session: TestKey }

/**
 * What an app's client does with the generic one-time codes, through the server's routes: sign a
 * user up by email code, send and verify codes, and stamp update-email/phone requests with a session.
 *
 * @example
 * const client = otpTestClient(server)
 * const ada = await client.signUpByEmail('ada@example.com')
 * const token = await client.verifyContact('OTP_TYPE_SMS', '+14155550123')
 * await client.updateContact(ada, 'phone', '+14155550123', token)
 */
export function otpTestClient(server: TestServer, headers?: Record<string, string>) {
  const signer = (path: string, body: unknown) => server.signer(path, body, headers)
  return {
    signer,
    async signUpByEmail(email: string): Promise<TestUser> {
      const target = createTargetKey()
      const signup = await signer('/v1/signup', { email, targetPublicKey: target.publicKey })
      expect(signup.status).toBe(200)
      const { orgId, otpId } = (await signup.json()) as { orgId: string; otpId: string }
      const otp = await signer('/v1/otp', {
        orgId,
        otpId,
        otpCode: await readMailboxCode(server, email),
        targetPublicKey: target.publicKey,
      })
      expect(otp.status).toBe(200)
      const session = await target.open(((await otp.json()) as { credentialBundle: string }).credentialBundle)
      const whoami = await signer('/v1/whoami', {
        stampedRequest: await stampRequest({ organizationId: orgId }, session),
      })
      return { orgId, userId: ((await whoami.json()) as { userId: string }).userId, session }
    },
    /** `/v1/init-otp`; answers the response. */
    initOtp: (otpType: 'OTP_TYPE_SMS' | 'OTP_TYPE_EMAIL', contact: string) =>
      signer('/v1/init-otp', { otpType, contact }),
    /** The code just sent to `contact`, from the dev SMS outbox or the dev mailbox. */
    readCode: (otpType: 'OTP_TYPE_SMS' | 'OTP_TYPE_EMAIL', contact: string) =>
      otpType === 'OTP_TYPE_SMS' ? readSmsCode(server, contact) : readMailboxCode(server, contact),
    /** `/v1/init-otp`, the code, `/v1/verify-otp`: the verification token. */
    async verifyContact(otpType: 'OTP_TYPE_SMS' | 'OTP_TYPE_EMAIL', contact: string): Promise<string> {
      const init = await signer('/v1/init-otp', { otpType, contact })
      expect(init.status).toBe(200)
      const { otpId } = (await init.json()) as { otpId: string }
      const code =
        otpType === 'OTP_TYPE_SMS'
          ? await readSmsCode(server, contact)
          : await readMailboxCode(server, contact)
      const verify = await signer('/v1/verify-otp', { otpId, otpCode: code })
      expect(verify.status).toBe(200)
      return ((await verify.json()) as { verificationToken: string }).verificationToken
    },
    /**
     * A session-stamped `/v1/update-email-auth` or `/v1/update-phone-auth`, as Account Kit's
     * `setEmail({id, code})` / `setPhoneNumber` builds it; `as` overrides the envelope's ids.
     */
    async updateContact(
      user: TestUser,
      kind: 'email' | 'phone',
      value: string,
      verificationToken?: string,
      options: {
        as?: { organizationId?: string; userId?: string }
        type?: string
        multiFactors?: unknown[]
        timestampMs?: string
      } = {},
    ) {
      const body = {
        type:
          options.type ??
          (kind === 'email' ? 'ACTIVITY_TYPE_UPDATE_USER_EMAIL' : 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER'),
        timestampMs: options.timestampMs ?? String(Date.now()),
        organizationId: options.as?.organizationId ?? user.orgId,
        parameters: {
          userId: options.as?.userId ?? user.userId,
          [kind === 'email' ? 'userEmail' : 'userPhoneNumber']: value,
          ...(verificationToken !== undefined ? { verificationToken } : {}),
        },
      }
      return signer(kind === 'email' ? '/v1/update-email-auth' : '/v1/update-phone-auth', {
        stampedRequest: await stampRequest(
          body,
          user.session,
          'https://api.turnkey.com/public/v1/submit/update_user',
        ),
        ...(options.multiFactors ? { multiFactors: options.multiFactors } : {}),
      })
    },
    /** `/v1/lookup`'s orgId for `{email}` or `{phone}`. */
    async lookup(body: { email: string } | { phone: string }): Promise<string | null> {
      const response = await signer('/v1/lookup', body)
      expect(response.status).toBe(200)
      return ((await response.json()) as { orgId: string | null }).orgId
    },
    async whoami(user: TestUser) {
      const response = await signer('/v1/whoami', {
        stampedRequest: await stampRequest({ organizationId: user.orgId }, user.session),
      })
      expect(response.status).toBe(200)
      return (await response.json()) as { email?: string; phone?: string; userId: string }
    },
  }
}
