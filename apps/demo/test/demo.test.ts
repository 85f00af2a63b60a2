import { generate } from 'otplib'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { addVirtualAuthenticator } from '../../../packages/signer/test/browser/addVirtualAuthenticator.js'
import { readQrCode } from './readQrCode.js'
import { seriousViolations } from './seriousViolations.js'
import { type DemoTestbed, startDemoTestbed } from './startDemoTestbed.js'

/** The demo in real Chromium, started as `npm start` starts it (server CLI, static demo server). */

let testbed: DemoTestbed
beforeAll(async () => {
  testbed = await startDemoTestbed('sign-in')
}, 120_000)
afterAll(() => testbed?.close())

const slow = { timeout: 90_000 }
/** A test that waits for the next TOTP step (up to 30 s) on top. */
const slowWithTotpStep = { timeout: 150_000 }

/** No horizontal scrolling: everything fits the viewport's width. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

const noStep = async () => undefined

/**
 * Signs in by email code from the dev mailbox. A new user skips the offer to add a passkey; with
 * `totp` (the factor's key), the authenticator code is entered after the email code.
 */
async function signInWithEmailCode(
  page: Page,
  email: string,
  {
    step = noStep,
    isNew = true,
    totp,
  }: { step?: (name: string) => Promise<void>; isNew?: boolean; totp?: string } = {},
) {
  const previousCode = await testbed.latestCode(email)
  await page.getByLabel('Email').fill(email)
  await step('1-email')
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await page.getByRole('heading', { name: 'Enter verification code' }).waitFor()
  // The step's first digit box has focus (the user types at once), not its heading.
  await expect.poll(() => isFocused(page.getByLabel('Digit 1 of 6'))).toBe(true)
  await step('2-enter-code')
  await page.getByLabel('Verification code').fill(await testbed.readCode(email, { not: previousCode }))
  if (totp) {
    await page.getByRole('heading', { name: 'Enter authenticator app code' }).waitFor()
    await step('3-enter-authenticator-code')
    await page.getByLabel('Authenticator app code').fill(await totpCode(totp, 1))
  }
  if (isNew) await page.getByRole('button', { name: 'Skip' }).click()
  await page.getByRole('heading', { name: 'Sign a message' }).waitFor()
}

/** Whether `locator`'s element is the page's focused element. */
const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement)

/**
 * The code an authenticator app shows for a factor's base32 key, `offsetSteps` 30 s steps from now
 * (the server takes a code once, and the next step's too).
 */
const totpCode = (secret: string, offsetSteps = 0) =>
  generate({
    secret,
    algorithm: 'sha1',
    digits: 6,
    period: 30,
    epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30,
  })

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.getByRole('heading', { name: 'Sign in' }).waitFor()
}

describe('demo', () => {
  test(
    'default: sign in by email code (read in the dev mailbox), then sign a message and typed data, each verified with viem; no serious axe-core violations',
    slow,
    async () => {
      const page = await testbed.openDemo()
      const shot = (name: string) => testbed.screenshot(page, name)
      await page.getByRole('heading', { name: 'Sign in' }).waitFor()
      // On load the card's first field has focus, and no ring is drawn around its heading.
      await expect.poll(() => isFocused(page.getByLabel('Email'))).toBe(true)
      expect(
        await page
          .getByRole('heading', { name: 'Sign in' })
          .evaluate((heading) => getComputedStyle(heading).outlineStyle),
      ).toBe('none')
      expect(await seriousViolations(page)).toEqual([])
      await signInWithEmailCode(page, 'ada@example.com', { step: shot })
      await shot('3-dashboard')
      // The header says where the user is in words, not the signer's status name.
      expect(await page.getByRole('banner').getByText('Signed in', { exact: true }).count()).toBe(1)

      const account = page.getByRole('region', { name: 'Account', exact: true })
      expect(await account.getByText('ada@example.com').count()).toBe(1)
      // No UUID is on screen until a developer opens the details.
      const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/
      expect(await page.locator('main').innerText()).not.toMatch(uuid)
      await account.getByText('Details for developers').click()
      expect(await account.innerText()).toMatch(uuid)
      const addresses = page.getByRole('region', { name: 'Addresses' })
      const [evm, solana] = await addresses.locator('code').allTextContents()
      expect(evm).toMatch(/^0x[0-9a-fA-F]{40}$/)
      expect(solana).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)

      const message = page.getByRole('region', { name: 'Sign a message' })
      await message.getByLabel('Message').fill('Hello from the demo test')
      await message.getByRole('button', { name: 'Sign message' }).click()
      await message.getByText('Verified: signed by').waitFor()
      expect(await message.getByTestId('signature').textContent()).toMatch(/^0x[0-9a-f]{130}$/)
      await shot('4-message-signed')

      const typedData = page.getByRole('region', { name: 'Sign typed data' })
      await typedData.getByRole('button', { name: 'Sign typed data' }).click()
      await typedData.getByText('Verified: signed by').waitFor()
      await shot('5-typed-data-signed')
      expect(await seriousViolations(page)).toEqual([])

      // The session survives a reload; signing out brings the sign-in card back.
      await page.reload()
      await page.getByRole('heading', { name: 'Sign a message' }).waitFor()
      await page.getByRole('button', { name: 'Sign out' }).click()
      await page.getByRole('heading', { name: 'Sign in' }).waitFor()
      await page.context().close()
    },
  )

  test(
    'error: three wrong codes kill the code and the card says so, the right one too; Resend mails a new one that signs in',
    slow,
    async () => {
      const page = await testbed.openDemo()
      const shot = (name: string) => testbed.screenshot(page, `dead-code-${name}`)
      const email = 'hopper@example.com'
      const previousCode = await testbed.latestCode(email)
      await page.getByLabel('Email').fill(email)
      await page.getByRole('button', { name: 'Continue', exact: true }).click()
      await page.getByRole('heading', { name: 'Enter verification code' }).waitFor()
      const code = await testbed.readCode(email, { not: previousCode })
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
      const field = page.getByLabel('Verification code')
      const incorrect = page.getByText('The code you entered is incorrect')
      const dead = page.getByText(
        'This code has expired or had too many wrong tries. Select Resend below for a new one.',
      )
      for (let attempt = 0; attempt < 2; attempt++) {
        await field.fill(wrong)
        await incorrect.waitFor()
        await expect.poll(() => field.inputValue()).toBe('')
      }
      await field.fill(wrong)
      await dead.waitFor()
      await shot('1-killed')
      // The right code is refused now, and the card says why rather than 'incorrect'.
      await field.fill(code)
      await dead.waitFor()
      expect(await incorrect.count()).toBe(0)

      await page.getByRole('button', { name: 'Resend' }).click()
      const fresh = await testbed.readCode(email, { not: code })
      await field.fill(fresh)
      await page.getByRole('button', { name: 'Skip' }).click()
      await page.getByRole('heading', { name: 'Sign a message' }).waitFor()
      await shot('2-signed-in')
      await page.context().close()
    },
  )

  test(
    'behavior: at a phone width (360 px) the sign-in card and the dashboard fit without sideways scrolling',
    slow,
    async () => {
      const page = await testbed.openDemo({ width: 360, height: 740 })
      const shot = (name: string) => testbed.screenshot(page, `phone-${name}`)
      await page.getByRole('heading', { name: 'Sign in' }).waitFor()
      expect(await fitsWidth(page)).toBe(true)
      await signInWithEmailCode(page, 'grace@example.com', { step: shot })
      await shot('3-dashboard')
      expect(await fitsWidth(page)).toBe(true)
      await page.context().close()
    },
  )

  test(
    'behavior: two-factor codes: add an authenticator app (QR code, key in groups of four, first code), sign in again through it, remove it',
    slowWithTotpStep,
    async () => {
      const page = await testbed.openDemo({ width: 1280, height: 800 })
      const shot = (name: string) => testbed.screenshot(page, `totp-${name}`)
      await signInWithEmailCode(page, 'totp@example.com')
      const panel = page.getByRole('region', { name: 'Two-factor codes' })
      await panel.getByText('No authenticator app yet.').waitFor()
      // Cancel goes back to the button, with nothing listed.
      await panel.getByRole('button', { name: 'Add authenticator app' }).click()
      await panel.getByRole('button', { name: 'Cancel' }).click()
      expect(await panel.getByText('No authenticator app yet.').count()).toBe(1)
      await panel.getByRole('button', { name: 'Add authenticator app' }).click()
      await panel.getByRole('button', { name: 'Cancel' }).waitFor()
      const setup = panel.getByRole('form', { name: 'Add this to your authenticator app' })
      await setup.waitFor()
      // The key to type by hand, in groups of four; the test's "app" reads it the same way.
      const keyText = await setup.locator('[data-secret]').textContent()
      expect(keyText).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/)
      const secret = keyText!.replaceAll(' ', '')
      expect(await setup.locator('[data-secret]').getAttribute('data-secret')).toBe(secret)
      // The QR code is the factor's otpauth URL with that key, as a phone's camera reads it.
      const scanned = await readQrCode(setup.getByRole('img', { name: 'QR code for your authenticator app' }))
      expect(scanned).toMatch(/^otpauth:\/\/totp\/.+/)
      expect(new URL(scanned!).searchParams.get('secret')).toBe(secret)
      expect(await setup.getByText("Can't scan? Enter this key:").count()).toBe(1)
      // Copy puts the key on the clipboard without the spaces.
      await page
        .context()
        .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: testbed.demoUrl })
      await setup.getByRole('button', { name: 'Copy key' }).click()
      await setup.getByRole('button', { name: 'Copy key' }).getByText('Copied').waitFor()
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret)
      await setup.scrollIntoViewIfNeeded()
      await shot('0-setup-1280')
      await page.setViewportSize({ width: 390, height: 844 })
      await setup.scrollIntoViewIfNeeded()
      await shot('0-setup-390')
      await page.setViewportSize({ width: 1280, height: 800 })
      // A wrong code is said in words, not as the server's JSON.
      const right = await totpCode(secret)
      await panel
        .getByLabel('Code from the app')
        .fill(String((Number(right) + 1) % 1_000_000).padStart(6, '0'))
      await panel.getByRole('button', { name: 'Verify' }).click()
      const refusal = panel.getByRole('alert')
      await refusal.waitFor()
      expect(await refusal.textContent()).toBe(
        'That code is not right. Check the authenticator app and enter the code it shows now.',
      )
      await shot('0-wrong-code')
      await panel.getByLabel('Code from the app').fill(await totpCode(secret))
      await shot('1-add')
      await panel.getByRole('button', { name: 'Verify' }).click()
      const factors = panel.getByRole('list', { name: 'Your authenticator apps' })
      await factors.getByRole('listitem').first().waitFor()
      expect(await factors.getByRole('listitem').count()).toBe(1)
      expect(await factors.getByRole('listitem').textContent()).toMatch(/^Authenticator app/)
      expect(await panel.innerText()).not.toMatch(/otpauth:|[0-9a-f]{8}-[0-9a-f]{4}-/)
      await shot('2-listed')

      await signOut(page)
      await signInWithEmailCode(page, 'totp@example.com', { isNew: false, totp: secret, step: shot })
      // Removing needs the current code; the sign-in took the next step's, so wait for a fresh one.
      const signInStep = Math.floor(Date.now() / 30_000)
      while (Math.floor(Date.now() / 30_000) === signInStep) await page.waitForTimeout(500)
      await panel.getByLabel('Current code (to remove or replace it)').fill(await totpCode(secret, 1))
      await panel.getByRole('button', { name: /^Remove TOTP factor / }).click()
      await panel.getByText('No authenticator app yet.').waitFor()
      await shot('4-removed')
      await page.context().close()
    },
  )

  test('behavior: passkeys: add one from the dashboard, then sign in with it', slow, async () => {
    const page = await testbed.openDemo()
    await addVirtualAuthenticator(page)
    const shot = (name: string) => testbed.screenshot(page, `passkey-${name}`)
    await signInWithEmailCode(page, 'passkey@example.com')
    const address = await page
      .getByRole('region', { name: 'Addresses' })
      .locator('code')
      .first()
      .textContent()
    const panel = page.getByRole('region', { name: 'Passkeys' })
    await panel.getByText('No passkey yet.').waitFor()
    await panel.getByRole('button', { name: 'Add a passkey' }).click()
    await panel.getByText('A passkey is set up for this account.').waitFor()
    await shot('1-added')

    await signOut(page)
    await page.getByRole('button', { name: 'I have a passkey' }).click()
    await page.getByRole('heading', { name: 'Sign a message' }).waitFor()
    expect(await page.getByRole('region', { name: 'Addresses' }).locator('code').first().textContent()).toBe(
      address,
    )
    await shot('2-signed-in-with-passkey')

    // Export after a passkey sign-in shows the recovery phrase too, not a private key.
    await page
      .getByRole('region', { name: 'Export wallet' })
      .getByRole('button', { name: 'Show recovery phrase' })
      .click()
    const element = await page.waitForSelector('#demo-export-frame iframe', { state: 'visible' })
    const frame = await element.contentFrame()
    await frame!.waitForSelector('#secret', { state: 'visible' })
    const secret = ((await frame!.textContent('#secret')) ?? '').trim()
    expect(secret).toMatch(/^[a-z]+( [a-z]+){11,23}$/)
    await shot('3-export-after-passkey')
    await page.context().close()
  })

  test(
    'behavior: export shows the recovery phrase inside the export frame (server origin), not in the page',
    slow,
    async () => {
      const page = await testbed.openDemo()
      await signInWithEmailCode(page, 'export@example.com')
      const panel = page.getByRole('region', { name: 'Export wallet' })
      await panel.getByRole('button', { name: 'Show recovery phrase' }).click()
      const element = await page.waitForSelector('#demo-export-frame iframe', { state: 'visible' })
      const frame = await element.contentFrame()
      expect(new URL(frame!.url()).origin).toBe(testbed.server.url)
      await frame!.waitForSelector('#secret', { state: 'visible' })
      const phrase = ((await frame!.textContent('#secret')) ?? '').trim()
      expect(phrase.split(' ').length).toBeGreaterThanOrEqual(12)
      expect(await page.content()).not.toContain(phrase)
      await testbed.screenshot(page, 'export-1-shown')
      await page.context().close()
    },
  )

  test('behavior: each OAuth provider the server has gets a button on the sign-in card', slow, async () => {
    testbed.demo.setSettings({
      ...testbed.settings,
      oauthProviders: [
        { id: 'google', isCustomProvider: false },
        { id: 'corp', isCustomProvider: true },
      ],
    })
    try {
      const page = await testbed.openDemo()
      await page.getByRole('button', { name: 'Continue with Google' }).waitFor()
      await page.getByRole('button', { name: 'Continue with Corp' }).waitFor()
      await testbed.screenshot(page, 'oauth-buttons')
      await page.context().close()
    } finally {
      testbed.demo.setSettings(testbed.settings)
    }
  })
})
