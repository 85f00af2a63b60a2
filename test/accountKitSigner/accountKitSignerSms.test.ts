import type { Page } from 'playwright-core'
import { recoverMessageAddress } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { HarnessWindow, User } from './harnessWindow.js'
import { type AccountKitSignerPage, startAccountKitSignerPage } from './startAccountKitSignerPage.js'

/*
 * An unmodified `@account-kit/signer` 4.88.4 in Chromium against a real Sigil server (the harness
 * of accountKitSigner.test.ts): SMS sign-in through `authenticate({ type: 'sms' })` then
 * `{ type: 'otp' }` (`/v1/lookup`, `/v1/signup` or `/v1/auth`, `/v1/otp`), and the verified-contact
 * methods `sendVerificationCode` (`/v1/init-otp`), `setEmail` / `setPhoneNumber` (`/v1/verify-otp`,
 * then `/v1/update-email-auth` / `/v1/update-phone-auth`), `removeEmail` / `removePhoneNumber`, with
 * codes read from the dev mailbox and the dev SMS outbox (docs/sms-sign-in.md).
 */

let harness: AccountKitSignerPage
let page: Page
let user: User
const phone = '+14155550123'
const newPhone = '+14155550124'
const email = 'grace@example.com'

beforeAll(async () => {
  harness = await startAccountKitSignerPage()
  page = harness.page
})
afterAll(async () => {
  await harness?.close()
})

/** `authenticate({ type: 'sms', phone })`, the texted code, then `authenticate({ type: 'otp' })`. */
async function signInWithSms(number: string): Promise<User> {
  await page.evaluate((value) => {
    const { signer, pending } = window as unknown as HarnessWindow
    pending.sms = signer.authenticate({ type: 'sms', phone: value })
  }, number)
  await expect.poll(() => page.textContent('#status'), { timeout: 30_000 }).toBe('AWAITING_SMS_AUTH')
  const code = await harness.readSmsCode(number)
  const signedIn = await page.evaluate(async (otpCode) => {
    const { signer, pending } = window as unknown as HarnessWindow
    const answer = await signer.authenticate({ type: 'otp', otpCode })
    await pending.sms
    return answer
  }, code)
  await expect.poll(() => page.textContent('#status')).toBe('CONNECTED')
  return signedIn
}

const listAuthMethods = () =>
  page.evaluate(() => (window as unknown as HarnessWindow).signer.listAuthMethods())
const provenPhones = async () =>
  (
    await harness.server.store.db
      .selectFrom('phone_identities')
      .select('phone')
      .where('user_id', '=', user.userId)
      .execute()
  ).map((row) => row.phone)

test('default: SMS sign-up with a texted code, whoami and signMessage through Account Kit 4.88.4', async () => {
  user = await signInWithSms(phone)
  expect(user).toMatchObject({ address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) })
  await harness.screenshot('sms-signed-in')
  const details = await page.evaluate(() => (window as unknown as HarnessWindow).signer.getAuthDetails())
  expect(details).toMatchObject({ orgId: user.orgId, userId: user.userId, address: user.address })
  // Using the code proved the number: it is the user's sign-in method.
  expect(await provenPhones()).toEqual([phone])
  expect(await listAuthMethods()).toEqual({ phone: '+***23', oauthProviders: [], passkeys: [] })

  const signature = await page.evaluate(() =>
    (window as unknown as HarnessWindow).signer.signMessage('texted in'),
  )
  expect(await recoverMessageAddress({ message: 'texted in', signature })).toBe(user.address)
})

test('behavior: sendVerificationCode then setEmail and setPhoneNumber (init-otp, verify-otp, update-*-auth)', async () => {
  const emailOtp = await page.evaluate(
    (contact) => (window as unknown as HarnessWindow).signer.sendVerificationCode('email', contact),
    email,
  )
  expect(emailOtp.otpId).toMatch(/^[0-9a-f-]{36}$/)
  const emailCode = await harness.readCode(email)
  const setTo = await page.evaluate(
    (verificationCode) => (window as unknown as HarnessWindow).signer.setEmail({ verificationCode }),
    emailCode,
  )
  expect(setTo).toBe(email)
  expect(await listAuthMethods()).toEqual({
    email: 'g***@example.com',
    phone: '+***23',
    oauthProviders: [],
    passkeys: [],
  })

  await page.evaluate(
    (contact) => (window as unknown as HarnessWindow).signer.sendVerificationCode('sms', contact),
    newPhone,
  )
  const smsCode = await harness.readSmsCode(newPhone)
  await page.evaluate(
    (verificationCode) => (window as unknown as HarnessWindow).signer.setPhoneNumber({ verificationCode }),
    smsCode,
  )
  // The new number replaced the old one as the user's proven number.
  expect(await provenPhones()).toEqual([newPhone])
  expect((await listAuthMethods()).phone).toBe('+***24')

  await page.evaluate(() => (window as unknown as HarnessWindow).signer.removeEmail())
  expect(await listAuthMethods()).toEqual({ phone: '+***24', oauthProviders: [], passkeys: [] })
})

test('error: removePhoneNumber of the last sign-in method is refused (LAST_SIGN_IN_METHOD)', async () => {
  await expect(
    page.evaluate(() => (window as unknown as HarnessWindow).signer.removePhoneNumber()),
  ).rejects.toThrow(/LAST_SIGN_IN_METHOD/)
  expect(await provenPhones()).toEqual([newPhone])
})

test('error: a wrong verification code does not set the phone number', async () => {
  await page.evaluate(
    (contact) => (window as unknown as HarnessWindow).signer.sendVerificationCode('sms', contact),
    '+14155550125',
  )
  // A guess at the code is refused by /v1/verify-otp; nothing changes.
  const code = await harness.readSmsCode('+14155550125')
  const wrong = code === '000000' ? '111111' : '000000'
  await expect(
    page.evaluate(
      (verificationCode) => (window as unknown as HarnessWindow).signer.setPhoneNumber({ verificationCode }),
      wrong,
    ),
  ).rejects.toThrow(/INVALID_OTP_CODE/)
  expect(await provenPhones()).toEqual([newPhone])
})

test('behavior: the proven number signs the same user in again (/v1/lookup, /v1/auth)', async () => {
  await page.evaluate(() => (window as unknown as HarnessWindow).signer.disconnect())
  await expect.poll(() => page.textContent('#status')).toBe('DISCONNECTED')
  const again = await signInWithSms(newPhone)
  expect(again).toMatchObject({ orgId: user.orgId, userId: user.userId, address: user.address })
})

test('behavior: nothing left the machine but the Turnkey hosts Sigil answered', () => {
  expect(harness.externalRequests).toEqual([])
})
