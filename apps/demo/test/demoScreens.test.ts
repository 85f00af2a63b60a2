import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { seriousViolations } from './seriousViolations.js'
import { type DemoTestbed, startDemoTestbed } from './startDemoTestbed.js'

/**
 * Every screen of the demo in real Chromium (the sign-in card's steps, each dashboard section, two-factor
 * setup, export, appearance), in light and dark and at 1280 and 390 px: axe-core finds no serious or
 * critical violation, nothing scrolls sideways, and each screen is saved as a screenshot
 * (`test-results/demo/screens/<width>-<scheme>-<screen>.png`). The testbed has the local chain and Solana
 * runtime, as `npm start` has, so the wallet shows its balances and sends.
 */

let testbed: DemoTestbed
beforeAll(async () => {
  testbed = await startDemoTestbed('screens', { chain: true, solana: true })
}, 180_000)
afterAll(() => testbed?.close())

const slow = { timeout: 150_000 }

/** No horizontal scrolling: everything fits the viewport's width. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

const viewports = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const
const schemes = ['light', 'dark'] as const

describe('demo screens', () => {
  for (const viewport of viewports)
    for (const scheme of schemes)
      test(
        `default: every screen at ${viewport.width} px with the system in ${scheme}: no serious axe-core violation, nothing scrolls sideways`,
        slow,
        async () => {
          const page = await testbed.openDemo(viewport)
          await page.emulateMedia({ colorScheme: scheme })
          const found: Record<string, string[]> = {}
          /** Checks the page as it is now and saves it as `screen`. */
          const check = async (screen: string, { fullPage = true } = {}) => {
            found[screen] = await seriousViolations(page)
            expect(await fitsWidth(page), `${screen} scrolls sideways`).toBe(true)
            await testbed.screenshot(page, `${viewport.width}-${scheme}-${screen}`, { fullPage })
          }
          // The page really is in the system's scheme: dark text on light, or light on dark.
          await page.getByRole('heading', { name: 'Sign in' }).waitFor()
          expect(await backgroundIsDark(page)).toBe(scheme === 'dark')
          await check('1-sign-in-methods')

          await page.getByRole('button', { name: 'Appearance' }).click()
          await page.getByRole('complementary', { name: 'Appearance' }).waitFor()
          await check('2-appearance')
          await page.getByRole('button', { name: 'Appearance' }).click()

          const email = `screens-${viewport.width}-${scheme}@example.com`
          await page.getByLabel('Email').fill(email)
          await page.getByRole('button', { name: 'Continue', exact: true }).click()
          await page.getByRole('heading', { name: 'Enter verification code' }).waitFor()
          await check('3-email-code')
          await page.getByLabel('Verification code').fill(await testbed.readCode(email))
          await page.getByRole('heading', { name: 'Add a passkey' }).waitFor()
          await check('4-add-passkey-offer')
          await page.getByRole('button', { name: 'Skip' }).click()

          // The dashboard: balances read, then each section through the section nav.
          const addresses = page.getByRole('region', { name: 'Addresses' })
          await expect.poll(() => addresses.getByTestId('wallet-eth-balance').textContent()).toBe('0 ETH')
          await expect.poll(() => addresses.getByTestId('wallet-sol-balance').textContent()).toBe('0 SOL')
          await page.getByRole('region', { name: 'Smart account' }).getByText(/Counterfactual|Deployed/).waitFor()
          await check('5-dashboard')
          const nav = page.getByRole('navigation', { name: 'Dashboard sections' })
          for (const [index, section] of ['Wallet', 'Signing', 'Security', 'Export'].entries()) {
            await nav.getByRole('link', { name: section }).click()
            const region = page.getByRole('region', { name: section, exact: true })
            await expect.poll(() => isBelowNav(page, section)).toBe(true)
            expect(await region.isVisible()).toBe(true)
            await check(`6-${index + 1}-section-${section.toLowerCase()}`, { fullPage: false })
          }

          const twoFactor = page.getByRole('region', { name: 'Two-factor codes' })
          await twoFactor.getByRole('button', { name: 'Add authenticator app' }).click()
          await twoFactor.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor()
          await twoFactor.scrollIntoViewIfNeeded()
          await check('7-two-factor-setup', { fullPage: false })
          await twoFactor.getByRole('button', { name: 'Cancel' }).click()

          const exportPanel = page.getByRole('region', { name: 'Export wallet' })
          await exportPanel.getByRole('button', { name: 'Show recovery phrase' }).click()
          const frame = await (await page.waitForSelector('#demo-export-frame iframe')).contentFrame()
          await frame!.waitForSelector('#secret', { state: 'visible' })
          await exportPanel.scrollIntoViewIfNeeded()
          await check('8-export', { fullPage: false })

          expect(found).toEqual(Object.fromEntries(Object.keys(found).map((screen) => [screen, []])))
          await page.context().close()
        },
      )
})

/** Whether the page's background is dark (its luminance under a half). */
const backgroundIsDark = (page: Page) =>
  page.evaluate(() => {
    const [r = 0, g = 0, b = 0] = getComputedStyle(document.body).backgroundColor.match(/\d+/g)!.map(Number)
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255 < 0.5
  })

/** Whether the section's heading is in view, below the sticky section nav (not hidden under it). */
const isBelowNav = (page: Page, section: string) =>
  page.evaluate((name) => {
    const nav = document.querySelector('nav[aria-label="Dashboard sections"]')!.getBoundingClientRect()
    const heading = [...document.querySelectorAll('h2')].find((each) => each.textContent === name)!
    const top = heading.getBoundingClientRect().top
    return top >= nav.bottom && top < window.innerHeight
  }, section)
