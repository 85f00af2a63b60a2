import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { addVirtualAuthenticator } from '../../../packages/signer/test/browser/addVirtualAuthenticator.js'
import { type DemoTestbed, startDemoTestbed } from './startDemoTestbed.js'

/**
 * Passkey failures in plain words (issue 31), in real Chromium: the DevTools virtual authenticator
 * makes the browser refuse (no passkey on the device; user verification that fails), and the screens
 * say what happened without the browser's jargon.
 */

let testbed: DemoTestbed
beforeAll(async () => {
  testbed = await startDemoTestbed('passkey-errors')
}, 120_000)
afterAll(() => testbed?.close())

const slow = { timeout: 90_000 }

/** What the browser and WebAuthn call things: never on a user's screen. */
const jargon =
  /NotAllowedError|InvalidStateError|SecurityError|The operation either timed out|WebAuthn|webauthn|credential|RP ID|relying party/

const cancelled =
  'The passkey window was closed or timed out before you confirmed. Try again when you are ready.'

/** Saves the screen at 1280 px and at 390 px (a phone). */
async function shotBothWidths(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 800 })
  await testbed.screenshot(page, `${name}-1280`)
  await page.setViewportSize({ width: 390, height: 844 })
  await testbed.screenshot(page, `${name}-390`)
  await page.setViewportSize({ width: 1280, height: 800 })
}

describe('demo passkey errors', () => {
  test(
    'error: "I have a passkey" on a device without one says so in words, and Try again asks again',
    slow,
    async () => {
      const page = await testbed.openDemo({ width: 1280, height: 800 })
      // A device with a passkey authenticator that holds no passkey for this site: Chromium refuses
      // the prompt with NotAllowedError ("The operation either timed out or was not allowed").
      await addVirtualAuthenticator(page)
      await page.getByRole('button', { name: 'I have a passkey' }).click()
      const screen = page.getByRole('alert')
      await screen.getByRole('heading', { name: 'Connection failed' }).waitFor()
      await screen.getByText(cancelled).waitFor()
      expect(await page.locator('body').innerText()).not.toMatch(jargon)
      await shotBothWidths(page, '1-sign-in-refused')

      // Try again asks the device again (refused again), Use another method leads back to the start.
      await screen.getByRole('button', { name: 'Try again' }).click()
      await page.getByRole('alert').getByText(cancelled).waitFor()
      await page.getByRole('button', { name: 'Use another method' }).click()
      await page.getByRole('heading', { name: 'Sign in' }).waitFor()
      await page.context().close()
    },
  )

  test(
    'error: adding a passkey that the device refuses, after sign-up and from the dashboard, says so in words',
    slow,
    async () => {
      const page = await testbed.openDemo({ width: 1280, height: 800 })
      const authenticator = await addVirtualAuthenticator(page)
      // The user fails the device's check (fingerprint, PIN): Chromium answers NotAllowedError.
      await authenticator.cdp.send('WebAuthn.setUserVerified', {
        authenticatorId: authenticator.authenticatorId,
        isUserVerified: false,
      })
      const email = 'refused-passkey@example.com'
      await page.getByLabel('Email').fill(email)
      await page.getByRole('button', { name: 'Continue', exact: true }).click()
      await page.getByRole('heading', { name: 'Enter verification code' }).waitFor()
      await page.getByLabel('Verification code').fill(await testbed.readCode(email))

      // The offer to add a passkey after sign-up: Continue, refused, then Skip.
      await page.getByRole('heading', { name: 'Add a passkey' }).waitFor()
      await page.getByRole('button', { name: 'Continue', exact: true }).click()
      const screen = page.getByRole('alert')
      await screen.getByRole('heading', { name: 'Connection failed' }).waitFor()
      await screen.getByText(cancelled).waitFor()
      expect(await page.locator('body').innerText()).not.toMatch(jargon)
      await shotBothWidths(page, '2-add-after-sign-up-refused')
      await screen.getByRole('button', { name: 'Skip' }).click()

      const panel = page.getByRole('region', { name: 'Passkeys' })
      await panel.getByText('No passkey yet.').waitFor()
      await panel.getByRole('button', { name: 'Add a passkey' }).click()
      const refusal = panel.getByRole('alert')
      await refusal.waitFor()
      expect(await refusal.textContent()).toBe(cancelled)
      expect(await panel.innerText()).not.toMatch(jargon)
      await panel.scrollIntoViewIfNeeded()
      await testbed.screenshot(page, '3-dashboard-add-refused-1280')
      await page.setViewportSize({ width: 390, height: 844 })
      await panel.scrollIntoViewIfNeeded()
      await testbed.screenshot(page, '3-dashboard-add-refused-390')

      // Once the check passes, the same button adds the passkey.
      await authenticator.cdp.send('WebAuthn.setUserVerified', {
        authenticatorId: authenticator.authenticatorId,
        isUserVerified: true,
      })
      await panel.getByRole('button', { name: 'Add a passkey' }).click()
      await panel.getByText('A passkey is set up for this account.').waitFor()
      expect(await panel.getByRole('alert').count()).toBe(0)
      await page.context().close()
    },
  )
})
