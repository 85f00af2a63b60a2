import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { seriousViolations } from './seriousViolations.js'
import { type DemoTestbed, startDemoTestbed } from './startDemoTestbed.js'

/**
 * Every screen of the demo in real Chromium (the sign-in card's steps, each dashboard section, two-factor
 * setup, export, appearance), each in light and dark (the system's setting) at 1280 and 390 px: axe-core
 * finds no serious or critical violation, nothing scrolls sideways, and each is saved as a screenshot
 * (`test-results/demo/screens/<width>-<scheme>-<screen>.png`). The testbed has the local chain and Solana
 * runtime, as `npm start` has, so the wallet shows its balances and sends. Then the theme switch and the
 * Appearance panel: what they set reaches the page and the sign-in card, and is kept across a reload.
 */

let testbed: DemoTestbed
beforeAll(async () => {
  testbed = await startDemoTestbed('screens', { chain: true, solana: true })
}, 240_000)
afterAll(() => testbed?.close())

/** Each look of a screen takes a few seconds (an axe-core run, a screenshot), more on a busy machine. */
const slow = { timeout: 300_000 }

const looks = [
  { width: 1280, height: 800, scheme: 'light' },
  { width: 1280, height: 800, scheme: 'dark' },
  { width: 390, height: 844, scheme: 'light' },
  { width: 390, height: 844, scheme: 'dark' },
] as const

/** No horizontal scrolling: everything fits the viewport's width. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

/** Whether the page's background is dark (its luminance under a half). */
const backgroundIsDark = (page: Page) =>
  page.evaluate(() => {
    const [r = 0, g = 0, b = 0] = getComputedStyle(document.body).backgroundColor.match(/\d+/g)!.map(Number)
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255 < 0.5
  })

/**
 * Shows the screen as it is now in each look (`prepare` brings it into view again after the resize), and
 * returns the serious axe-core violations per look; each look is saved as a screenshot.
 */
async function checkEveryLook(
  page: Page,
  screen: string,
  { prepare, fullPage = true }: { prepare?: () => Promise<void>; fullPage?: boolean } = {},
): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {}
  for (const { width, height, scheme } of looks) {
    await page.setViewportSize({ width, height })
    await page.emulateMedia({ colorScheme: scheme })
    await prepare?.()
    const look = `${width}-${scheme}-${screen}`
    expect(await backgroundIsDark(page), `${look}: the page follows the system's scheme`).toBe(
      scheme === 'dark',
    )
    expect(await fitsWidth(page), `${look} scrolls sideways`).toBe(true)
    found[look] = await seriousViolations(page)
    await testbed.screenshot(page, look, { fullPage })
  }
  return found
}

/** `found` with every list emptied: what `checkEveryLook` answers when nothing is wrong. */
const clean = (found: Record<string, string[]>) =>
  Object.fromEntries(Object.keys(found).map((look) => [look, []]))

/** Whether the section's heading is in view, below the sticky section nav (not hidden under it). */
const isBelowNav = (page: Page, section: string) =>
  page.evaluate((name) => {
    const nav = document.querySelector('nav[aria-label="Dashboard sections"]')!.getBoundingClientRect()
    const heading = Array.from(document.querySelectorAll('h2')).find((each) => each.textContent === name)!
    const top = heading.getBoundingClientRect().top
    return top >= nav.bottom && top < window.innerHeight
  }, section)

/** Signs a new user in by email code (the dev mailbox), checking the code step and the passkey offer. */
async function signIn(page: Page, email: string, found: Record<string, string[]>) {
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await page.getByRole('heading', { name: 'Enter verification code' }).waitFor()
  Object.assign(found, await checkEveryLook(page, '3-email-code'))
  await page.getByLabel('Verification code').fill(await testbed.readCode(email))
  await page.getByRole('heading', { name: 'Add a passkey' }).waitFor()
  Object.assign(found, await checkEveryLook(page, '4-add-passkey-offer'))
  await page.getByRole('button', { name: 'Skip' }).click()
}

describe('demo screens', () => {
  test(
    'default: the sign-in screens (methods, appearance, email code, passkey offer), light and dark, at 1280 and 390 px: no serious axe-core violation, nothing scrolls sideways',
    slow,
    async () => {
      const page = await testbed.openDemo()
      const found: Record<string, string[]> = {}
      await page.getByRole('heading', { name: 'Sign in' }).waitFor()
      Object.assign(found, await checkEveryLook(page, '1-sign-in-methods'))
      await page.getByRole('button', { name: 'Appearance' }).click()
      await page.getByRole('complementary', { name: 'Appearance' }).waitFor()
      Object.assign(found, await checkEveryLook(page, '2-appearance'))
      await page.getByRole('button', { name: 'Appearance' }).click()
      await signIn(page, 'screens@example.com', found)
      await page.getByRole('heading', { name: 'Sign a message' }).waitFor()
      expect(found).toEqual(clean(found))
      await page.context().close()
    },
  )

  test(
    'default: the dashboard, each of its sections, two-factor setup and export, light and dark, at 1280 and 390 px: no serious axe-core violation, nothing scrolls sideways',
    slow,
    async () => {
      const page = await testbed.openDemo()
      const found: Record<string, string[]> = {}
      await page.getByLabel('Email').fill('dashboard@example.com')
      await page.getByRole('button', { name: 'Continue', exact: true }).click()
      await page.getByLabel('Verification code').fill(await testbed.readCode('dashboard@example.com'))
      await page.getByRole('button', { name: 'Skip' }).click()

      // The dashboard once its balances are read, then each section through the section nav.
      const addresses = page.getByRole('region', { name: 'Addresses' })
      await expect.poll(() => addresses.getByTestId('wallet-eth-balance').textContent()).toBe('0 ETH')
      await expect.poll(() => addresses.getByTestId('wallet-sol-balance').textContent()).toBe('0 SOL')
      await page
        .getByRole('region', { name: 'Smart account' })
        .getByText(/Counterfactual|Deployed/)
        .waitFor()
      Object.assign(found, await checkEveryLook(page, '5-dashboard'))
      const nav = page.getByRole('navigation', { name: 'Dashboard sections' })
      for (const [index, section] of ['Wallet', 'Signing', 'Security', 'Export'].entries()) {
        const link = nav.getByRole('link', { name: section })
        const shown = await checkEveryLook(page, `6-${index + 1}-section-${section.toLowerCase()}`, {
          fullPage: false,
          prepare: async () => {
            await link.click()
            await expect.poll(() => isBelowNav(page, section)).toBe(true)
            // The link of the section in view is marked as the current one.
            await expect.poll(() => link.getAttribute('aria-current')).toBe('location')
          },
        })
        Object.assign(found, shown)
      }

      const twoFactor = page.getByRole('region', { name: 'Two-factor codes' })
      await twoFactor.getByRole('button', { name: 'Add authenticator app' }).click()
      await twoFactor.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor()
      Object.assign(
        found,
        await checkEveryLook(page, '7-two-factor-setup', {
          fullPage: false,
          prepare: () => twoFactor.scrollIntoViewIfNeeded(),
        }),
      )
      await twoFactor.getByRole('button', { name: 'Cancel' }).click()

      const exportPanel = page.getByRole('region', { name: 'Export wallet' })
      await exportPanel.getByRole('button', { name: 'Show recovery phrase' }).click()
      const frame = await (await page.waitForSelector('#demo-export-frame iframe')).contentFrame()
      await frame!.waitForSelector('#secret', { state: 'visible' })
      Object.assign(
        found,
        await checkEveryLook(page, '8-export', {
          fullPage: false,
          prepare: () => exportPanel.scrollIntoViewIfNeeded(),
        }),
      )
      expect(found).toEqual(clean(found))
      await page.context().close()
    },
  )

  test(
    'behavior: "Dark mode" and the Appearance panel theme the page and the sign-in card at once, and a reload keeps them',
    slow,
    async () => {
      const page = await testbed.openDemo({ width: 1280, height: 800 })
      await page.emulateMedia({ colorScheme: 'light' })
      const card = page.locator('.sigil-card')
      const continueButton = card.getByRole('button', { name: 'Continue', exact: true })
      await page.getByRole('heading', { name: 'Sign in' }).waitFor()
      const toggle = page.getByRole('button', { name: 'Dark mode' })
      expect(await toggle.getAttribute('aria-pressed')).toBe('false')
      expect(await backgroundIsDark(page)).toBe(false)

      await toggle.click()
      expect(await toggle.getAttribute('aria-pressed')).toBe('true')
      expect(await backgroundIsDark(page)).toBe(true)
      expect(await card.getAttribute('data-theme')).toBe('dark')

      await page.getByRole('button', { name: 'Appearance' }).click()
      const panel = page.getByRole('complementary', { name: 'Appearance' })
      expect(
        await panel.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' }).isChecked(),
      ).toBe(true)
      await panel.getByRole('radio', { name: 'Teal' }).check()
      await panel.getByRole('radio', { name: 'Serif' }).check()
      await panel.getByRole('slider', { name: 'Corner radius' }).fill('20')
      await panel.getByText('The CSS this sets').click()
      expect(await panel.getByTestId('appearance-css').textContent()).toContain('--demo-radius: 20px;')
      await testbed.screenshot(page, 'appearance-teal-serif-20-dark')
      /** The card's corner radius, its font, and the background of its Continue button. */
      const cardLook = async () => ({
        radius: await card.evaluate((element) => getComputedStyle(element).borderTopLeftRadius),
        font: await card.evaluate((element) => getComputedStyle(element).fontFamily),
        button: await continueButton.evaluate((element) => getComputedStyle(element).backgroundColor),
        panelRadius: await panel.evaluate((element) => getComputedStyle(element).borderTopLeftRadius),
      })
      // Teal's dark shade (#5eead4) on the card's button, 20 px corners, the serif font on card and page.
      const darkTeal = {
        radius: '20px',
        font: expect.stringMatching(/^Georgia/),
        button: 'rgb(94, 234, 212)',
      }
      expect(await cardLook()).toEqual({ ...darkTeal, panelRadius: '20px' })

      await page.reload()
      await page.getByRole('heading', { name: 'Sign in' }).waitFor()
      expect(await page.getByRole('button', { name: 'Dark mode' }).getAttribute('aria-pressed')).toBe('true')
      await page.getByRole('button', { name: 'Appearance' }).click()
      expect(await cardLook()).toEqual({ ...darkTeal, panelRadius: '20px' })

      // Light again: the same accent in its light shade (#0f766e); 'System' follows the system once more.
      const theme = panel.getByRole('group', { name: 'Theme' })
      await theme.getByRole('radio', { name: 'Light' }).check()
      expect(await cardLook()).toMatchObject({ button: 'rgb(15, 118, 110)' })
      expect(await backgroundIsDark(page)).toBe(false)
      await theme.getByRole('radio', { name: 'System' }).check()
      await page.emulateMedia({ colorScheme: 'dark' })
      expect(await backgroundIsDark(page)).toBe(true)
      expect(await page.getByRole('button', { name: 'Dark mode' }).getAttribute('aria-pressed')).toBe('true')
      await panel.getByRole('button', { name: 'Reset to default' }).click()
      expect(await cardLook()).toMatchObject({ radius: '12px', font: expect.stringMatching(/^system-ui/) })
      await page.context().close()
    },
  )
})
