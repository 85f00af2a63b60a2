import { generate } from 'otplib'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type DemoTestbed, startDemoTestbed } from './startDemoTestbed.js'

/** Recovery codes in the demo, in real Chromium: saved once, one signs in, the same one fails next time. */

let testbed: DemoTestbed
beforeAll(async () => {
  testbed = await startDemoTestbed('sign-in')
}, 120_000)
afterAll(() => testbed?.close())

const email = 'recovery@example.com'

/** Email and the emailed code from the dev mailbox, up to the step after it. */
async function enterEmailCode(page: Page) {
  const previousCode = await testbed.latestCode(email)
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await page.getByRole('heading', { name: 'Enter verification code' }).waitFor()
  await page.getByLabel('Verification code').fill(await testbed.readCode(email, { not: previousCode }))
}

/** From the authenticator step, "Lost your device? Use a recovery code" and the code. */
async function useRecoveryCode(page: Page, code: string) {
  await page.getByRole('heading', { name: 'Enter authenticator app code' }).waitFor()
  await page.getByRole('button', { name: 'Lost your device? Use a recovery code' }).click()
  await page.getByRole('heading', { name: 'Enter a recovery code' }).waitFor()
  await page.getByLabel('Recovery code').fill(code)
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
}

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.getByRole('heading', { name: 'Sign in' }).waitFor()
}

describe('demo recovery codes', () => {
  test('default: add TOTP, save the codes, sign in with one; the same code fails next time with a clear message', {
    timeout: 120_000,
  }, async () => {
    const page = await testbed.openDemo()
    const shot = (name: string) => testbed.screenshot(page, `recovery-${name}`)
    await enterEmailCode(page)
    await page.getByRole('button', { name: 'Skip' }).click()
    const panel = page.getByRole('region', { name: 'Two-factor codes' })
    await panel.getByRole('button', { name: 'Add authenticator app' }).click()
    // The key the setup shows to type in (grouped by four; its data attribute holds it whole).
    const secret = (await panel.locator('[data-secret]').getAttribute('data-secret'))!
    await panel
      .getByLabel('Code from the app')
      .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }))
    await panel.getByRole('button', { name: 'Verify' }).click()

    const saved = panel.getByRole('region', { name: 'Your recovery codes' })
    await saved.waitFor()
    const codes = await saved.locator('code').allTextContents()
    expect(codes).toHaveLength(10)
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/)
    await shot('1-shown-once')
    await saved.getByRole('button', { name: 'I saved them' }).click()
    await panel.getByText('Recovery codes: 10 of 10 unused').waitFor()
    // Shown once: after "I saved them" no code is on the page.
    const main = await page.locator('main').innerText()
    for (const code of codes) expect(main).not.toContain(code)
    await shot('2-count')

    await signOut(page)
    await enterEmailCode(page)
    await useRecoveryCode(page, codes[0]!)
    await page.getByRole('heading', { name: 'Sign a message' }).waitFor()
    await panel.getByText('Recovery codes: 9 of 10 unused').waitFor()
    await shot('3-signed-in-with-code')

    await signOut(page)
    await enterEmailCode(page)
    await useRecoveryCode(page, codes[0]!)
    const refusal = page.getByRole('alert')
    await refusal.waitFor()
    expect(await refusal.textContent()).toBe(
      'That recovery code is wrong or was already used. Try another of your codes.',
    )
    await shot('4-used-code-refused')
    await page.context().close()
  })
})
