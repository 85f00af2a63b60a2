import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { generate } from 'otplib'
import type { CDPSession, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type DemoTestbed, startDemoTestbed } from './startDemoTestbed.js'

/**
 * Every screen of the sign-in card that the demo reaches without an outside service, in real Chromium
 * at phone width (390 px), each checked for the texts docs/sign-in-ui.md gives it and saved as a
 * picture of the card alone: `test-results/demo/sign-in-screens/<step>.png` (docs/images/sign-in/
 * holds copies of these).
 */

let testbed: DemoTestbed
beforeAll(async () => {
  testbed = await startDemoTestbed('sign-in-screens')
}, 120_000)
afterAll(() => testbed?.close())

const screensDir = fileURLToPath(new URL('../../../test-results/demo/sign-in-screens/', import.meta.url))
const email = 'screens@example.com'

/** Saves the card alone (no page around it) as `<step>.png`. */
async function shootCard(page: Page, step: string) {
  await mkdir(screensDir, { recursive: true })
  await page.locator('.sigil-card').screenshot({ path: `${screensDir}${step}.png` })
}

/** The card's visible text, one string. */
const cardText = (page: Page) => page.locator('.sigil-card').innerText()

/** A platform passkey authenticator that answers at once (DevTools WebAuthn). */
async function addAuthenticator(cdp: CDPSession) {
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return authenticatorId
}

const totpCode = (secret: string, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 })

async function enterEmail(page: Page) {
  const previousCode = await testbed.latestCode(email)
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await page.getByRole('heading', { name: 'Enter verification code' }).waitFor()
  return () => testbed.readCode(email, { not: previousCode })
}

describe('sign-in screens', () => {
  test('default: each screen shows the texts of docs/sign-in-ui.md', { timeout: 150_000 }, async () => {
    const page = await testbed.openDemo({ width: 390, height: 844 })
    // Passkeys through DevTools: with no authenticator yet, a passkey prompt stays open (as a
    // user who has not answered yet).
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('WebAuthn.enable')

    await page.getByRole('heading', { name: 'Sign in' }).waitFor()
    for (const text of [
      'Email',
      'Continue',
      'I have a passkey',
      'Continue with a wallet',
      'Terms of Service',
    ])
      expect(await cardText(page)).toContain(text)
    await shootCard(page, 'initial')

    await page.getByRole('button', { name: 'Continue with a wallet' }).click()
    await page.getByRole('heading', { name: 'Select your wallet' }).waitFor()
    expect(await cardText(page)).toContain('No wallets available')
    expect(await cardText(page)).toContain('Install a browser wallet, then reload this page')
    await shootCard(page, 'pick-eoa')
    await page.getByRole('button', { name: 'Back' }).click()

    await page.getByRole('button', { name: 'I have a passkey' }).click()
    await page.getByRole('heading', { name: 'Continue with passkey' }).waitFor()
    expect(await cardText(page)).toContain('Follow the prompt to verify your passkey.')
    await shootCard(page, 'passkey-verify')
    await page.getByRole('button', { name: 'Back' }).click()
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()

    // A new user by email code: a wrong code, then the right one, then the offer to add a passkey.
    const readCode = await enterEmail(page)
    expect(await cardText(page)).toContain(`We sent a verification code to\n${email}`)
    await shootCard(page, 'otp-verify')
    const code = await readCode()
    await page.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000')
    await page.getByText('The code you entered is incorrect').waitFor()
    await shootCard(page, 'otp-wrong-code')
    await page.getByLabel('Verification code').fill(code)
    await page.getByRole('heading', { name: 'Add a passkey' }).waitFor()
    for (const text of ['Simpler login', 'Enhanced security', 'Continue', 'Skip'])
      expect(await cardText(page)).toContain(text)
    await shootCard(page, 'passkey-create')
    const authenticatorId = await addAuthenticator(cdp)
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await page.getByRole('heading', { name: 'Passkey added!' }).waitFor()
    expect(await cardText(page)).toContain('You can use this passkey to sign in next time.')
    await shootCard(page, 'passkey-added')

    // An authenticator app on the dashboard, then signed out.
    const panel = page.getByRole('region', { name: 'Two-factor codes' })
    // "Passkey added!" completes after 5 s; on a busy machine the dashboard may take a while longer.
    await page.getByRole('heading', { name: 'Sign a message' }).waitFor({ timeout: 60_000 })
    // The panel has read the factors (its session is ready) before its button is used.
    await panel.getByText('No authenticator app yet.').waitFor({ timeout: 60_000 })
    await panel.getByRole('button', { name: 'Add authenticator app' }).click()
    const secret = (await panel.locator('[data-secret]').getAttribute('data-secret'))!
    await panel.getByLabel('Code from the app').fill(await totpCode(secret))
    await panel.getByRole('button', { name: 'Verify' }).click()
    await panel.getByRole('button', { name: 'I saved them' }).click()
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()

    // The second factor: the authenticator code, or a recovery code.
    await page.getByLabel('Verification code').fill(await (await enterEmail(page))())
    await page.getByRole('heading', { name: 'Enter authenticator app code' }).waitFor()
    expect(await cardText(page)).toContain('Lost your device? Use a recovery code')
    await shootCard(page, 'totp-verify')
    await page.getByRole('button', { name: 'Lost your device? Use a recovery code' }).click()
    await page.getByRole('heading', { name: 'Enter a recovery code' }).waitFor()
    expect(await cardText(page)).toContain('Use the authenticator app instead')
    await shootCard(page, 'recovery-code')
    await page.getByRole('button', { name: 'Back' }).click()
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()

    // A passkey prompt the device refuses (the user's check fails): the error screen.
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false })
    await page.getByRole('button', { name: 'I have a passkey' }).click()
    await page.getByRole('heading', { name: 'Connection failed' }).waitFor()
    expect(await cardText(page)).toContain('The passkey window was closed or timed out before you confirmed.')
    await shootCard(page, 'passkey-error')
    await page.context().close()
  })
})
