import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { runServerCli } from '../scripts/runServerCli.js'
import { seriousViolations } from './seriousViolations.js'
import { type DemoTestbed, startDemoTestbed, testServerEnv } from './startDemoTestbed.js'

/**
 * The demo's smart-account panel in real Chromium on the devnet, served as `npm start` serves it:
 * the server's RPC gateway, its paymaster signer trusted by the devnet's paymasters, a policy.
 */

let testbed: DemoTestbed
beforeAll(async () => {
  testbed = await startDemoTestbed('smart-account', { chain: true })
}, 120_000)
afterAll(() => testbed?.close())

const slow = { timeout: 120_000 }
const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url))
const node = () => createPublicClient({ transport: http(testbed.devnet!.rpcUrl) })

/** Signs a new user in by email code from the dev mailbox and skips the passkey offer. */
async function signIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await page.getByRole('heading', { name: 'Enter verification code' }).waitFor()
  await page.getByLabel('Verification code').fill(await testbed.readCode(email))
  await page.getByRole('button', { name: 'Skip' }).click()
  await page.getByRole('heading', { name: 'Smart account' }).waitFor()
}

/** The value of a labelled row (`CopyableValue`) of the panel, once it is an address or hash. */
async function readValue(page: Page, label: string, pattern: RegExp) {
  const panel = page.getByRole('region', { name: 'Smart account' })
  const value = panel.locator('.value-row', { hasText: label }).locator('code')
  await expect.poll(() => value.textContent(), { timeout: 30_000 }).toMatch(pattern)
  return (await value.textContent()) as `0x${string}`
}

describe('demo smart account', () => {
  test(
    'default: sign in, pick LightAccount, see its counterfactual address, send a sponsored transaction: its hash; the balance is unchanged; no serious axe-core violations',
    slow,
    async () => {
      const page = await testbed.openDemo()
      const shot = (name: string) => testbed.screenshot(page, name)
      await signIn(page, 'ada@example.com')
      const panel = page.getByRole('region', { name: 'Smart account' })
      await panel.getByLabel('Account type').selectOption('LightAccount')
      const address = await readValue(page, 'Account address', /^0x[0-9a-fA-F]{40}$/)
      await panel.getByText('Counterfactual: not deployed yet').waitFor()
      expect(await node().getCode({ address })).toBeUndefined()
      await panel.scrollIntoViewIfNeeded()
      await shot('1-counterfactual-address')
      expect(await seriousViolations(page)).toEqual([])

      await panel.getByRole('button', { name: 'Send sponsored transaction' }).click()
      await panel.getByRole('button', { name: /Sending…|Waiting for the receipt…/ }).waitFor()
      await shot('2-sending')
      await panel.getByText('Sponsored: gas paid by the paymaster').waitFor({ timeout: 60_000 })
      const hash = await readValue(page, 'Transaction hash', /^0x[0-9a-f]{64}$/)
      await panel.getByText('Deployed', { exact: true }).waitFor()
      await shot('3-sponsored-transaction')
      expect(await seriousViolations(page)).toEqual([])

      const receipt = await node().getTransactionReceipt({ hash })
      expect(receipt.status).toBe('success')
      expect(await node().getCode({ address })).toMatch(/^0x.+/)
      expect(await node().getBalance({ address })).toBe(0n)
      expect(await panel.getByTestId('balance').textContent()).toBe('0 ETH')

      // After a reload the same account comes back, deployed.
      await page.reload()
      await panel.getByText('Deployed', { exact: true }).waitFor({ timeout: 30_000 })
      expect(await readValue(page, 'Account address', /^0x[0-9a-fA-F]{40}$/)).toBe(address)
      await page.context().close()
    },
  )

  test('error: a refused sponsorship shows the policy’s message', slow, async () => {
    const page = await testbed.openDemo()
    await signIn(page, 'grace@example.com')
    const panel = page.getByRole('region', { name: 'Smart account' })
    await panel.getByLabel('Account type').selectOption('ModularAccountV2')
    await readValue(page, 'Account address', /^0x[0-9a-fA-F]{40}$/)
    const policyId = testbed.settings.policyId!
    await runServerCli(
      { repositoryRoot, fromSource: true, env: testServerEnv(inject('browserAssets').frameDir) },
      ['policy', 'disable', policyId, '--data-dir', testbed.dataDir],
    )

    await panel.getByRole('button', { name: 'Send sponsored transaction' }).click()
    await panel.getByRole('alert').waitFor({ timeout: 30_000 })
    expect(await panel.getByRole('alert').textContent()).toBe(`Policy ${policyId} is disabled`)
    await expect
      .poll(() => panel.getByRole('button', { name: 'Send sponsored transaction' }).isEnabled())
      .toBe(true)
    await panel.scrollIntoViewIfNeeded()
    await testbed.screenshot(page, '4-policy-refused')
    await page.context().close()
  })
})
