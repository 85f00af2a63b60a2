import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { seriousViolations } from './seriousViolations.js'
import { type DemoTestbed, startDemoTestbed } from './startDemoTestbed.js'

/** Downloading one's data and deleting the account in the demo, in real Chromium. */

let testbed: DemoTestbed
beforeAll(async () => {
  testbed = await startDemoTestbed('sign-in')
}, 120_000)
afterAll(() => testbed?.close())

const email = 'leaving@example.com'

/** The EVM address the Addresses panel shows. */
async function evmAddress(page: Page) {
  const [evm] = await page.getByRole('region', { name: 'Addresses' }).locator('code').allTextContents()
  expect(evm).toMatch(/^0x[0-9a-fA-F]{40}$/)
  return evm!
}

async function signIn(page: Page) {
  const previousCode = await testbed.latestCode(email)
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await page.getByRole('heading', { name: 'Enter verification code' }).waitFor()
  await page.getByLabel('Verification code').fill(await testbed.readCode(email, { not: previousCode }))
  const skip = page.getByRole('button', { name: 'Skip' })
  await Promise.race([skip.waitFor(), page.getByRole('heading', { name: 'Sign a message' }).waitFor()])
  if (await skip.isVisible()) await skip.click()
  await page.getByRole('heading', { name: 'Sign a message' }).waitFor()
}

describe('demo account deletion', () => {
  test('default: download the data, confirm, delete; the same email then signs up as a new wallet', {
    timeout: 180_000,
  }, async () => {
    const page = await testbed.openDemo()
    await signIn(page)
    const panel = page.getByRole('region', { name: 'Your data and account' })
    const address = await evmAddress(page)

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Download my data' }).click(),
    ])
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      user: { email: string }
    }
    expect(data.user.email).toBe(email)

    await panel.getByRole('button', { name: 'Delete account…' }).click()
    const confirm = panel.getByRole('form', { name: 'Delete account' })
    await confirm.getByText('This cannot be undone.').waitFor()
    const submit = confirm.getByRole('button', { name: 'Delete my account' })
    expect(await submit.isDisabled()).toBe(true)
    await confirm.getByLabel('I saved my recovery phrase or moved my funds').check()
    expect(await seriousViolations(page)).toEqual([])
    await testbed.screenshot(page, 'delete-account-confirm')
    await submit.click()
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()

    await signIn(page)
    expect(await evmAddress(page)).not.toBe(address)
  })
})
