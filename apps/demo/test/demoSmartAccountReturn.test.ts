import type { Page } from 'playwright-core'
import { createPublicClient, http, pad } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { seriousViolations } from './seriousViolations.js'
import { type DemoTestbed, startDemoTestbed } from './startDemoTestbed.js'

/**
 * The demo's smart account after signing out and in again, in real Chromium on the devnet, served as
 * `npm start` serves it: the account comes back (same address) and sends again, with no reload.
 */

let testbed: DemoTestbed
beforeAll(async () => {
  testbed = await startDemoTestbed('smart-account-return', { chain: true })
}, 120_000)
afterAll(() => testbed?.close())

const slow = { timeout: 120_000 }
const node = () => createPublicClient({ transport: http(testbed.devnet!.rpcUrl) })

/** Signs `email` in by email code from the dev mailbox (skipping the passkey offer a new user gets). */
async function signIn(page: Page, email: string, { isNew }: { isNew: boolean }) {
  const previousCode = await testbed.latestCode(email)
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await page.getByRole('heading', { name: 'Enter verification code' }).waitFor()
  await page.getByLabel('Verification code').fill(await testbed.readCode(email, { not: previousCode }))
  if (isNew) await page.getByRole('button', { name: 'Skip' }).click()
  await page.getByRole('heading', { name: 'Smart account' }).waitFor()
}

/** The value of a labelled row (`CopyableValue`) of the panel, once it matches `pattern`. */
async function readValue(page: Page, label: string, pattern: RegExp) {
  const panel = page.getByRole('region', { name: 'Smart account' })
  const value = panel.locator('.value-row', { hasText: label }).locator('code')
  await expect.poll(() => value.textContent(), { timeout: 30_000 }).toMatch(pattern)
  return (await value.textContent()) as `0x${string}`
}

/** Sends the panel's sponsored transaction and answers its transaction hash, checked on the node. */
async function sendSponsored(page: Page) {
  const panel = page.getByRole('region', { name: 'Smart account' })
  const send = panel.getByRole('button', { name: 'Send sponsored transaction' })
  await expect.poll(() => send.isEnabled(), { timeout: 30_000 }).toBe(true)
  await send.click()
  await panel.getByText('Sponsored: gas paid by the paymaster').waitFor({ timeout: 60_000 })
  const hash = (await readValue(page, 'Transaction hash', /^0x[0-9a-f]{64}$/)) as `0x${string}`
  expect((await node().getTransactionReceipt({ hash })).status).toBe('success')
  return hash
}

describe('demo smart account after signing out and in', () => {
  test(
    'default: sign in, send a sponsored transaction, sign out, sign in again as the same user: the same address shows and a second transaction is sent, no reload',
    slow,
    async () => {
      const page = await testbed.openDemo({ width: 1280, height: 800 })
      let loads = 0
      page.on('load', () => {
        loads += 1
      })
      const email = 'ada.return@example.com'
      await signIn(page, email, { isNew: true })
      const panel = page.getByRole('region', { name: 'Smart account' })
      const address = await readValue(page, 'Account address', /^0x[0-9a-fA-F]{40}$/)
      const first = await sendSponsored(page)
      await panel.getByText('Deployed', { exact: true }).waitFor()

      await page.getByRole('button', { name: 'Sign out' }).click()
      await page.getByRole('heading', { name: 'Sign in' }).waitFor()
      await signIn(page, email, { isNew: false })

      expect(await readValue(page, 'Account address', /^0x[0-9a-fA-F]{40}$/)).toBe(address)
      await panel.getByText('Deployed', { exact: true }).waitFor({ timeout: 30_000 })
      await expect
        .poll(() => panel.getByRole('button', { name: 'Send sponsored transaction' }).isEnabled())
        .toBe(true)
      expect(await panel.getByTestId('send-unavailable').count()).toBe(0)
      await panel.scrollIntoViewIfNeeded()
      await testbed.screenshot(page, '1-after-sign-in-again-1280')
      await page.screenshot({ path: '/tmp/h6-return-1280.png', fullPage: true })
      await panel.screenshot({ path: '/tmp/h6-return-1280-panel.png' })
      await page.setViewportSize({ width: 390, height: 844 })
      await panel.scrollIntoViewIfNeeded()
      await testbed.screenshot(page, '2-after-sign-in-again-390')
      await page.screenshot({ path: '/tmp/h6-return-390.png', fullPage: true })
      await panel.screenshot({ path: '/tmp/h6-return-390-panel.png' })
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      expect(await seriousViolations(page)).toEqual([])

      const second = await sendSponsored(page)
      expect(second).not.toBe(first)
      const receipt = await node().getTransactionReceipt({ hash: second })
      expect(receipt.status).toBe('success')
      // The EntryPoint's UserOperationEvent names the sender (its second indexed topic): the same account.
      const sender = pad(address.toLowerCase() as `0x${string}`)
      expect(receipt.logs.some((log) => log.topics[2]?.toLowerCase() === sender)).toBe(true)
      expect(await node().getBalance({ address })).toBe(0n)
      await panel.screenshot({ path: '/tmp/h6-return-390-second-send.png' })
      // The page loaded once, at the start: nothing was reloaded.
      expect(loads).toBe(0)
      await page.context().close()
    },
  )

  test(
    'error: an account that cannot be set up (a chain the gateway does not serve): the disabled send button says why',
    slow,
    async () => {
      const { settings } = testbed
      testbed.demo.setSettings({ ...settings, chain: { ...settings.chain!, id: 99_999 } })
      try {
        const page = await testbed.openDemo({ width: 390, height: 844 })
        await signIn(page, 'grace.return@example.com', { isNew: true })
        const panel = page.getByRole('region', { name: 'Smart account' })
        await panel.getByRole('alert').waitFor({ timeout: 30_000 })
        // The reason in words, with the gateway's own answer, not Account Kit's terse error name.
        expect(await panel.getByRole('alert').textContent()).toMatch(
          /^Could not work out your smart account's address on this chain: .*99999/,
        )
        const send = panel.getByRole('button', { name: 'Send sponsored transaction' })
        expect(await send.isDisabled()).toBe(true)
        const reason = panel.getByTestId('send-unavailable')
        expect(await reason.textContent()).toBe(
          'Your smart account could not be set up (the reason is above). Sign out and in again to retry.',
        )
        expect(await send.getAttribute('aria-describedby')).toBe(await reason.getAttribute('id'))
        await panel.scrollIntoViewIfNeeded()
        await testbed.screenshot(page, '3-cannot-be-set-up-390')
        await panel.screenshot({ path: '/tmp/h6-unavailable-390-panel.png' })
        expect(await seriousViolations(page)).toEqual([])
        await page.context().close()
      } finally {
        testbed.demo.setSettings(settings)
      }
    },
  )
})
