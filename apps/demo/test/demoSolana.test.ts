import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { runServerCli } from '../scripts/runServerCli.js'
import { solanaRecipient } from '../src/panels/solanaRecipient.js'
import { seriousViolations } from './seriousViolations.js'
import { type DemoTestbed, startDemoTestbed, testServerEnv } from './startDemoTestbed.js'

/**
 * The demo's Solana panel in real Chromium, served as `npm start` serves it: the local Solana runtime
 * (litesvm) behind the server's RPC gateway, the server's fee payer funded on it, a Solana policy.
 */

let testbed: DemoTestbed
beforeAll(async () => {
  testbed = await startDemoTestbed('solana', { solana: true })
}, 120_000)
afterAll(() => testbed?.close())

const slow = { timeout: 120_000 }
const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url))
/** Lamports the runtime charges per signature. */
const feePerSignature = 5_000n

/** Signs a new user in by email code from the dev mailbox and skips the passkey offer. */
async function signIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await page.getByRole('heading', { name: 'Enter verification code' }).waitFor()
  await page.getByLabel('Verification code').fill(await testbed.readCode(email))
  await page.getByRole('button', { name: 'Skip' }).click()
  await page.getByRole('heading', { name: 'Solana', exact: true }).waitFor()
}

/** The Solana address the panel shows, once it is one. */
async function readAddress(page: Page) {
  const value = page
    .getByRole('region', { name: 'Solana' })
    .locator('.value-row', { hasText: 'Solana address' })
    .locator('code')
  await expect.poll(() => value.textContent(), { timeout: 30_000 }).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  return (await value.textContent()) as string
}

describe('demo Solana', () => {
  test(
    'default: sign in, get SOL from the runtime, send a sponsored transfer: the fee payer pays the fee, the user exactly the amount; sign a message with the Solana key; no serious axe-core violations',
    slow,
    async () => {
      const page = await testbed.openDemo()
      const shot = (name: string) => testbed.screenshot(page, name)
      const solana = testbed.solana!
      await signIn(page, 'ada@example.com')
      const panel = page.getByRole('region', { name: 'Solana', exact: true })
      const address = await readAddress(page)
      await expect.poll(() => panel.getByTestId('solana-balance').textContent()).toBe('0 SOL')

      await panel.getByRole('button', { name: 'Get 1 SOL (local runtime)' }).click()
      await expect.poll(() => panel.getByTestId('solana-balance').textContent()).toBe('1 SOL')
      expect(solana.getBalance(address)).toBe(1_000_000_000n)
      await panel.scrollIntoViewIfNeeded()
      await shot('1-funded')
      expect(await seriousViolations(page)).toEqual([])

      const feePayerBefore = solana.getBalance(testbed.feePayer!)
      await panel.getByLabel('Amount (SOL)').fill('0.0015')
      await panel.getByRole('button', { name: 'Send sponsored SOL' }).click()
      await panel
        .getByText(
          "Sponsored: the fee was paid by the server's fee payer; your balance went down by exactly 0.0015 SOL",
        )
        .waitFor({ timeout: 30_000 })
      const signature = await panel
        .locator('.value-row', { hasText: 'Transaction signature' })
        .locator('code')
        .textContent()
      expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
      expect(await panel.getByTestId('solana-balance').textContent()).toBe('0.9985 SOL')
      await shot('2-sponsored-transfer')
      expect(await seriousViolations(page)).toEqual([])

      expect(solana.getBalance(address)).toBe(1_000_000_000n - 1_500_000n)
      expect(solana.getBalance(solanaRecipient)).toBe(1_500_000n)
      // Two signatures (the fee payer's and the user's): the fee payer paid both.
      expect(feePayerBefore - solana.getBalance(testbed.feePayer!)).toBe(2n * feePerSignature)

      const signing = page.getByRole('region', { name: 'Sign a Solana message' })
      await signing.getByRole('button', { name: 'Sign with Solana key' }).click()
      await signing.getByText(`Verified: signed by ${address.slice(0, 6)}…${address.slice(-4)}`).waitFor()
      // In base58, as Solana wallets and explorers show a signature (64 bytes: 86 to 88 characters).
      expect(await signing.getByTestId('signature').textContent()).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)
      await shot('3-signed-message')
      await page.context().close()
    },
  )

  test(
    'behavior: at a phone width (360 px) the Solana panels fit without sideways scrolling',
    slow,
    async () => {
      const page = await testbed.openDemo({ width: 360, height: 740 })
      await signIn(page, 'linus@example.com')
      await readAddress(page)
      const panel = page.getByRole('region', { name: 'Solana', exact: true })
      await panel.getByLabel('Recipient').scrollIntoViewIfNeeded()
      await testbed.screenshot(page, 'phone')
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
      ).toBe(true)
      await page.context().close()
    },
  )

  test('error: a refused sponsorship shows the policy’s message and costs nothing', slow, async () => {
    const page = await testbed.openDemo()
    const solana = testbed.solana!
    await signIn(page, 'grace@example.com')
    const panel = page.getByRole('region', { name: 'Solana', exact: true })
    const address = await readAddress(page)
    await solana.airdrop(address, 100_000_000n)
    const policyId = testbed.settings.solana!.policyId!
    await runServerCli(
      { repositoryRoot, fromSource: true, env: testServerEnv(inject('browserAssets').frameDir) },
      ['policy', 'disable', policyId, '--data-dir', testbed.dataDir],
    )

    await panel.getByRole('button', { name: 'Send sponsored SOL' }).click()
    await panel.getByRole('alert').waitFor({ timeout: 30_000 })
    expect(await panel.getByRole('alert').textContent()).toContain(`Policy ${policyId} is disabled`)
    await expect.poll(() => panel.getByRole('button', { name: 'Send sponsored SOL' }).isEnabled()).toBe(true)
    expect(solana.getBalance(address)).toBe(100_000_000n)
    await panel.scrollIntoViewIfNeeded()
    await testbed.screenshot(page, '4-policy-refused')
    await page.context().close()
  })
})
