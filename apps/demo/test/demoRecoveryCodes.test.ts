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

/** The code the authenticator app shows `offsetSteps` 30 s steps from now. */
const totpCode = (secret: string, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 })

/** Today as the factor list writes it ("7 Dec 2026"), in UTC as the demo does. */
const today = () =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date())

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

  test('behavior: "Make new codes" replaces every code: an old one stops working, a new one signs in, 10 unused', {
    timeout: 120_000,
  }, async () => {
    const page = await testbed.openDemo({ width: 1280, height: 800 })
    const shot = (name: string) => testbed.screenshot(page, `new-codes-${name}`)
    const newCodesEmail = 'new-codes@example.com'
    const enterCode = async () => {
      const previousCode = await testbed.latestCode(newCodesEmail)
      await page.getByLabel('Email').fill(newCodesEmail)
      await page.getByRole('button', { name: 'Continue', exact: true }).click()
      await page.getByRole('heading', { name: 'Enter verification code' }).waitFor()
      await page
        .getByLabel('Verification code')
        .fill(await testbed.readCode(newCodesEmail, { not: previousCode }))
    }
    await enterCode()
    await page.getByRole('button', { name: 'Skip' }).click()
    const panel = page.getByRole('region', { name: 'Two-factor codes' })
    await panel.getByRole('button', { name: 'Add authenticator app' }).click()
    const secret = (await panel.locator('[data-secret]').getAttribute('data-secret'))!
    await panel.getByLabel('Code from the app').fill(await totpCode(secret))
    await panel.getByRole('button', { name: 'Verify' }).click()
    const shown = panel.getByRole('region', { name: 'Your recovery codes' })
    await shown.waitFor()
    const oldCodes = await shown.locator('code').allTextContents()
    expect(oldCodes).toHaveLength(10)
    await shown.getByRole('button', { name: 'I saved them' }).click()
    // The factor is named by its kind and the day it was added.
    const factors = panel.getByRole('list', { name: 'Your authenticator apps' })
    expect(await factors.getByRole('listitem').locator('span').textContent()).toBe(
      `Authenticator app · added ${today()}`,
    )

    // Making new codes needs the app's current code (the one that verified it is spent).
    await panel.getByLabel('Current code (to remove or replace it)').fill(await totpCode(secret, 1))
    await panel.getByRole('button', { name: 'Make new codes' }).click()
    await shown.waitFor()
    const newCodes = await shown.locator('code').allTextContents()
    expect(newCodes).toHaveLength(10)
    expect(newCodes.filter((code) => oldCodes.includes(code))).toEqual([])
    await panel.scrollIntoViewIfNeeded()
    await shot('1-new-codes-1280')
    await page.setViewportSize({ width: 390, height: 844 })
    await panel.scrollIntoViewIfNeeded()
    await shot('1-new-codes-390')
    await page.setViewportSize({ width: 1280, height: 800 })
    await shown.getByRole('button', { name: 'I saved them' }).click()
    await panel.getByText('Recovery codes: 10 of 10 unused').waitFor()
    // The code that proved it is spent: the field is cleared for the next change.
    expect(await panel.getByLabel('Current code (to remove or replace it)').inputValue()).toBe('')
    await panel.scrollIntoViewIfNeeded()
    await shot('2-factor-named-by-date-1280')
    await page.setViewportSize({ width: 390, height: 844 })
    await panel.scrollIntoViewIfNeeded()
    await shot('2-factor-named-by-date-390')
    await page.setViewportSize({ width: 1280, height: 800 })

    // The authenticator step has a way back: Back ends that sign-in and returns to the start.
    await signOut(page)
    await enterCode()
    await page.getByRole('heading', { name: 'Enter authenticator app code' }).waitFor()
    await shot('3-authenticator-step-1280')
    await page.setViewportSize({ width: 390, height: 844 })
    await shot('3-authenticator-step-390')
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.getByRole('button', { name: 'Back' }).click()
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()

    // An old code, never used, no longer works; a new one does.
    await enterCode()
    await useRecoveryCode(page, oldCodes[1]!)
    const refusal = page.getByRole('alert')
    await refusal.waitFor()
    expect(await refusal.textContent()).toBe(
      'That recovery code is wrong or was already used. Try another of your codes.',
    )
    await page.getByLabel('Recovery code').fill(newCodes[0]!)
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await page.getByRole('heading', { name: 'Sign a message' }).waitFor()
    await panel.getByText('Recovery codes: 9 of 10 unused').waitFor()
    await page.context().close()
  })
})
