import { generate } from 'otplib'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type BrowserTestbed, startBrowserTestbed } from './startBrowserTestbed.js'
import { signInWithEmailCode, type TestPageWindow, waitForStatus } from './testPage.js'

/** TOTP second factor in Chromium: enrolment, sign-in through AWAITING_MFA_AUTH, removal. */

let testbed: BrowserTestbed
beforeAll(async () => {
  testbed = await startBrowserTestbed('totp')
})
afterAll(async () => {
  await testbed?.close()
})

/**
 * The code of an `otpauth://totp/…?secret=…` URL (SHA-1, 6 digits, 30 s) `offsetSteps` steps from
 * now, computed in Node as an authenticator app would: the server refuses a code twice and accepts
 * the next step's.
 */
const totpCode = (otpauthUrl: string, offsetSteps = 0) =>
  generate({
    secret: new URL(otpauthUrl).searchParams.get('secret')!,
    algorithm: 'sha1',
    digits: 6,
    period: 30,
    epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30,
  })

/** A six-digit code that is none of the codes of the steps around now (so surely wrong). */
const wrongTotpCode = async (otpauthUrl: string) => {
  const near = await Promise.all([-2, -1, 0, 1, 2].map((step) => totpCode(otpauthUrl, step)))
  let code = 0
  while (near.includes(String(code).padStart(6, '0'))) code += 1
  return String(code).padStart(6, '0')
}

const signerState = (page: Page) =>
  page.evaluate(() => {
    const { status, user, mfaStatus, error } = (window as unknown as TestPageWindow).signer
    return { status, user, mfaStatus, error }
  })

/** Writes `text` under the page's status (`#test-note`), so that a screenshot shows an error. */
const showNote = (page: Page, text: string) =>
  page.evaluate((note) => {
    const element = document.createElement('p')
    element.id = 'test-note'
    element.style.color = '#b91c1c'
    element.textContent = note
    document.getElementById('user')?.parentElement?.after(element)
  }, text)

test('default: enrol TOTP, sign in again through AWAITING_MFA_AUTH with a code, then remove it', async () => {
  const email = 'turing@example.com'
  const page = await testbed.openPage()
  const user = await signInWithEmailCode(page, testbed.readCode, email)
  await page.waitForSelector('#status:text("CONNECTED")')
  await testbed.screenshot(page, '1-email-connected')
  expect(await page.evaluate(() => (window as unknown as TestPageWindow).signer.getMfaFactors())).toEqual({
    multiFactors: [],
  })

  const added = await page.evaluate(() =>
    (window as unknown as TestPageWindow).signer.addMfa({ multiFactorType: 'totp' }),
  )
  expect(added).toEqual({
    multiFactorType: 'totp',
    multiFactorId: expect.any(String),
    multiFactorTotpUrl: expect.stringMatching(/^otpauth:\/\/totp\//),
  })
  const totpUrl = new URL(added.multiFactorTotpUrl)
  expect(totpUrl.searchParams.get('secret')).toMatch(/^[A-Z2-7]{16,}$/)
  // Until a first code confirms it, the factor is not enrolled.
  expect(await page.evaluate(() => (window as unknown as TestPageWindow).signer.getMfaFactors())).toEqual({
    multiFactors: [],
  })

  const verified = await page.evaluate(
    (parameters) => (window as unknown as TestPageWindow).signer.verifyMfa(parameters),
    { multiFactorId: added.multiFactorId, multiFactorCode: await totpCode(added.multiFactorTotpUrl) },
  )
  // A signed-in user's factor lists say when each factor was added.
  const factors = [
    { multiFactorId: added.multiFactorId, multiFactorType: 'totp', createdAt: expect.any(String) },
  ]
  // The first factor comes with the user's ten recovery codes, shown this once.
  expect(verified).toEqual({
    multiFactors: factors,
    recoveryCodes: Array.from({ length: 10 }, () => expect.stringMatching(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/)),
  })
  expect(await page.evaluate(() => (window as unknown as TestPageWindow).signer.getMfaFactors())).toEqual({
    multiFactors: factors,
  })
  await testbed.screenshot(page, '2-totp-enrolled')

  await page.evaluate(() => (window as unknown as TestPageWindow).signer.disconnect())
  await waitForStatus(page, 'DISCONNECTED')
  await page.waitForSelector('#status:text("DISCONNECTED")')
  await testbed.screenshot(page, '3-signed-out')

  // The email code alone no longer signs in: the signer waits for the second factor.
  await page.evaluate((address) => {
    const testWindow = window as unknown as TestPageWindow
    testWindow.signerEvents.length = 0
    testWindow.pending.email = testWindow.signer.authenticate({
      type: 'email',
      emailMode: 'otp',
      email: address,
    })
  }, email)
  await waitForStatus(page, 'AWAITING_EMAIL_AUTH')
  const otpCode = await testbed.readCode(email)
  await page.evaluate((code) => {
    const testWindow = window as unknown as TestPageWindow
    testWindow.pending.otp = testWindow.signer.authenticate({ type: 'otp', otpCode: code })
  }, otpCode)
  await waitForStatus(page, 'AWAITING_MFA_AUTH')
  await page.waitForSelector('#status:text("AWAITING_MFA_AUTH")')
  await testbed.screenshot(page, '4-awaiting-mfa')
  expect(await signerState(page)).toEqual({
    status: 'AWAITING_MFA_AUTH',
    user: undefined,
    mfaStatus: { mfaRequired: true, mfaFactorId: added.multiFactorId },
    error: undefined,
  })
  expect(await page.evaluate(() => (window as unknown as TestPageWindow).signer.getMfaStatus())).toEqual({
    mfaRequired: true,
    mfaFactorId: added.multiFactorId,
  })
  // The pending step lives in the temporary session (docs/protocol.md#sessions), shared by the tabs.
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('alchemy-signer-session:temporary') ?? 'null')),
  ).toMatchObject({ encryptedPayload: expect.any(String), mfaFactorId: added.multiFactorId })

  // A wrong code is refused with the server's message and the user may try again.
  const wrong = await page.evaluate(
    (code) =>
      (window as unknown as TestPageWindow).signer.validateMultiFactors({ multiFactorCode: code }).then(
        () => undefined,
        (error: Error) => ({ name: error.name, message: error.message }),
      ),
    await wrongTotpCode(added.multiFactorTotpUrl),
  )
  expect(wrong).toMatchObject({ name: 'SignerRequestError' })
  expect(JSON.parse(wrong!.message)).toEqual({ error: 'Invalid MFA code', code: 'INVALID_MFA_CODE' })
  expect(await signerState(page)).toMatchObject({
    status: 'AWAITING_MFA_AUTH',
    mfaStatus: { mfaRequired: true, mfaFactorId: added.multiFactorId },
  })
  await showNote(page, `${wrong!.name}: ${wrong!.message}`)
  await testbed.screenshot(page, '5-wrong-code-still-awaiting')
  const mismatch = await page.evaluate(() =>
    (window as unknown as TestPageWindow).signer
      .validateMultiFactors({ multiFactorCode: '123456', multiFactorId: 'another-factor' })
      .then(
        () => undefined,
        (error: Error) => error.message,
      ),
  )
  expect(mismatch).toBe('MFA factor ID mismatch')

  const connected = await page.evaluate(
    async (parameters) => {
      const testWindow = window as unknown as TestPageWindow
      const validated = await testWindow.signer.validateMultiFactors(parameters)
      return { validated, otp: await testWindow.pending.otp, email: await testWindow.pending.email }
    },
    { multiFactorCode: await totpCode(added.multiFactorTotpUrl, 1), multiFactorId: added.multiFactorId },
  )
  expect(connected.validated).toMatchObject({ userId: user.userId, address: user.address, email })
  expect(connected.otp).toEqual(connected.validated)
  expect(connected.email).toEqual(connected.validated)
  expect(await signerState(page)).toMatchObject({
    status: 'CONNECTED',
    mfaStatus: { mfaRequired: false },
    error: undefined,
  })
  expect(await page.evaluate(() => (window as unknown as TestPageWindow).signerEvents)).toEqual([
    'statusChanged:AUTHENTICATING_EMAIL',
    'statusChanged:AWAITING_OTP_AUTH',
    'statusChanged:AWAITING_EMAIL_AUTH',
    'statusChanged:AWAITING_OTP_AUTH',
    'statusChanged:AWAITING_MFA_AUTH',
    'mfaStatusChanged',
    'statusChanged:AWAITING_OTP_AUTH',
    'statusChanged:CONNECTED',
    'connected',
    'mfaStatusChanged',
  ])
  await page.waitForSelector('#status:text("CONNECTED")')
  await testbed.screenshot(page, '6-mfa-connected')

  // Removing the factor needs its current code: a session alone is refused (MfaRequiredError).
  expect(
    await page.evaluate(
      (multiFactorIds) =>
        (window as unknown as TestPageWindow).signer.removeMfa({ multiFactorIds }).then(
          () => 'removed',
          (error: Error) => error.name,
        ),
      [added.multiFactorId],
    ),
  ).toBe('MfaRequiredError')
  // The sign-in took the next step's code: wait for a fresh step.
  const signInStep = Math.floor(Date.now() / 30_000)
  while (Math.floor(Date.now() / 30_000) === signInStep)
    await new Promise((resolve) => setTimeout(resolve, 500))
  expect(
    await page.evaluate((parameters) => (window as unknown as TestPageWindow).signer.removeMfa(parameters), {
      multiFactorIds: [added.multiFactorId],
      multiFactors: [
        { multiFactorId: added.multiFactorId, multiFactorCode: await totpCode(added.multiFactorTotpUrl, 1) },
      ],
    }),
  ).toEqual({ multiFactors: [] })
  expect(await page.evaluate(() => (window as unknown as TestPageWindow).signer.getMfaFactors())).toEqual({
    multiFactors: [],
  })

  // Without the factor the email code signs in again on its own.
  await page.evaluate(() => (window as unknown as TestPageWindow).signer.disconnect())
  await waitForStatus(page, 'DISCONNECTED')
  const again = await signInWithEmailCode(page, testbed.readCode, email)
  expect(again).toMatchObject({ userId: user.userId, address: user.address })
  expect(await signerState(page)).toMatchObject({ status: 'CONNECTED', mfaStatus: { mfaRequired: false } })
  await page.waitForSelector('#status:text("CONNECTED")')
  await testbed.screenshot(page, '7-removed-email-only')
}, 90_000)

test('error: validateMultiFactors with no pending second-factor step', async () => {
  const page = await testbed.openPage()
  const message = await page.evaluate(() =>
    (window as unknown as TestPageWindow).signer.validateMultiFactors({ multiFactorCode: '123456' }).then(
      () => undefined,
      (error: Error) => error.message,
    ),
  )
  expect(message).toBe('No pending MFA context found. Call submitOtpCode() first.')
  expect(await signerState(page)).toMatchObject({ status: 'DISCONNECTED', user: undefined })
  await testbed.screenshot(page, '8-no-pending-mfa')
})
