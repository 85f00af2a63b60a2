import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { addVirtualAuthenticator } from '../../../packages/signer/test/browser/addVirtualAuthenticator.js'
import { type DemoTestbed, startDemoTestbed } from './startDemoTestbed.js'

/**
 * One passkey prompt per session (issue 31), in real Chromium on the devnet: a passkey sign-in spends
 * one assertion on a session key in the key frame, and everything after it (signatures, a reload, a
 * sponsored user operation, the panels that load at once) is stamped by that key. The prompts are
 * counted twice: the virtual authenticator's sign count, and the page's `navigator.credentials.get`
 * calls.
 */

let testbed: DemoTestbed
beforeAll(async () => {
  testbed = await startDemoTestbed('passkey-session', { chain: true })
}, 120_000)
afterAll(() => testbed?.close())

const slow = { timeout: 180_000 }

/** Counts the page's `navigator.credentials.get` calls through `sigilCountAssertion`, across reloads. */
const countAssertionsScript = `(() => {
  const get = navigator.credentials.get.bind(navigator.credentials)
  navigator.credentials.get = (options) => {
    window.sigilCountAssertion?.()
    return get(options)
  }
})()`

/** A virtual platform passkey; answers a function that reads its one credential's sign count. */
async function addCountedAuthenticator(page: Page) {
  const authenticator = await addVirtualAuthenticator(page)
  return async () => {
    const credentials = await authenticator.credentials()
    expect(credentials).toHaveLength(1)
    return credentials[0]!.signCount
  }
}

async function signInWithEmailCode(page: Page, email: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await page.getByRole('heading', { name: 'Enter verification code' }).waitFor()
  await page.getByLabel('Verification code').fill(await testbed.readCode(email))
  await page.getByRole('button', { name: 'Skip' }).click()
  await page.getByRole('heading', { name: 'Sign a message' }).waitFor()
}

/** Signs `message` in the demo's panel and waits for a new, verified signature. */
async function signMessage(page: Page, message: string, previous: string | null) {
  const panel = page.getByRole('region', { name: 'Sign a message' })
  await panel.getByLabel('Message').fill(message)
  await panel.getByRole('button', { name: 'Sign message' }).click()
  const signature = panel.getByTestId('signature')
  await expect.poll(() => signature.textContent().catch(() => null), { timeout: 30_000 }).not.toBe(previous)
  await panel.getByText('Verified: signed by').waitFor()
  return signature.textContent()
}

/** After a load: the two-factor panel lists the factors and the Solana address is shown. */
async function expectPanelsLoaded(page: Page) {
  await page
    .getByRole('region', { name: 'Two-factor codes' })
    .getByText('No authenticator app yet.')
    .waitFor()
  const solana = page
    .getByRole('region', { name: 'Addresses' })
    .locator('.value-row', { hasText: 'Solana address' })
  await expect
    .poll(
      () =>
        solana
          .locator('code')
          .textContent()
          .catch(() => null),
      { timeout: 30_000 },
    )
    .toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  expect(await page.getByText('Could not load your factors.').count()).toBe(0)
}

describe('demo passkey session', () => {
  test(
    'behavior: a passkey sign-in, five signatures, a reload and a sponsored operation ask the passkey exactly once; the panels load after the reload',
    slow,
    async () => {
      const page = await testbed.openDemo(undefined, { initScript: countAssertionsScript })
      let assertions = 0
      await page.exposeFunction('sigilCountAssertion', () => {
        assertions += 1
      })
      const signCount = await addCountedAuthenticator(page)
      const shot = (name: string) => testbed.screenshot(page, name)

      // A user with a passkey (added after an email sign-in), signed out.
      await signInWithEmailCode(page, 'once@example.com')
      const passkeys = page.getByRole('region', { name: 'Passkeys' })
      await passkeys.getByRole('button', { name: 'Add a passkey' }).click()
      await passkeys.getByText('A passkey is set up for this account.').waitFor()
      await page.getByRole('button', { name: 'Sign out' }).click()
      await page.getByRole('heading', { name: 'Sign in' }).waitFor()
      const before = await signCount()
      expect(assertions).toBe(0)

      await page.getByRole('button', { name: 'I have a passkey' }).click()
      await page.getByRole('heading', { name: 'Sign a message' }).waitFor()
      await expectPanelsLoaded(page)
      await shot('1-signed-in-with-passkey')
      expect(await signCount()).toBe(before + 1)

      let signature: string | null = null
      for (let index = 1; index <= 5; index++)
        signature = await signMessage(page, `signature ${index} of one session`, signature)
      await shot('2-five-signatures')

      await page.reload()
      await page.getByRole('heading', { name: 'Sign a message' }).waitFor()
      await expectPanelsLoaded(page)
      await shot('3-reloaded')

      const smartAccount = page.getByRole('region', { name: 'Smart account' })
      await smartAccount.getByRole('button', { name: 'Send sponsored transaction' }).click()
      await smartAccount.getByText('Sponsored: gas paid by the paymaster').waitFor({ timeout: 90_000 })
      await smartAccount.scrollIntoViewIfNeeded()
      await shot('4-sponsored-operation')

      expect(await signCount()).toBe(before + 1)
      expect(assertions).toBe(1)
      await page.context().close()
    },
  )
})
