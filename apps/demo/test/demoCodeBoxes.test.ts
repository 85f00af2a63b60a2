import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { seriousViolations } from './seriousViolations.js'
import { type DemoTestbed, startDemoTestbed } from './startDemoTestbed.js'

/**
 * The six digit boxes of the email code step in real Chromium: a code pasted from the clipboard
 * (Ctrl+V, as a user does) into any box is spread over the six and signs the user in.
 */

let testbed: DemoTestbed
beforeAll(async () => {
  testbed = await startDemoTestbed('code-boxes')
}, 120_000)
afterAll(() => testbed?.close())

const slow = { timeout: 90_000 }

/** What the six boxes hold, joined with commas. */
const boxValues = (page: Page) =>
  Promise.all([1, 2, 3, 4, 5, 6].map((n) => page.getByLabel(`Digit ${n} of 6`).inputValue())).then((values) =>
    values.join(','),
  )
const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement)

/** Puts `text` on the clipboard and pastes it into `box` with the keyboard. */
async function paste(page: Page, box: Locator, text: string) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text)
  await box.click()
  await page.keyboard.press('ControlOrMeta+V')
}

describe('demo code boxes', () => {
  test(
    'default: paste a code into the email code step: a wrong one clears the boxes, the right one signs in',
    slow,
    async () => {
      const page = await testbed.openDemo({ width: 1280, height: 800 })
      await page
        .context()
        .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: testbed.demoUrl })
      const shot = (name: string) => testbed.screenshot(page, name)
      const email = 'paste@example.com'
      await page.getByLabel('Email').fill(email)
      await page.getByRole('button', { name: 'Continue', exact: true }).click()
      await page.getByRole('heading', { name: 'Enter verification code' }).waitFor()
      const group = page.getByRole('group', { name: 'Verification code' })
      expect(await group.getByRole('textbox').count()).toBe(6)
      await expect.poll(() => isFocused(page.getByLabel('Digit 1 of 6'))).toBe(true)
      expect(await page.getByLabel('Digit 1 of 6').getAttribute('autocomplete')).toBe('one-time-code')
      expect(await seriousViolations(page)).toEqual([])
      await shot('1-boxes-1280')

      const code = await testbed.readCode(email)
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
      // Typing moves on box by box; letters are not taken.
      await page.keyboard.type('1a2')
      expect(await boxValues(page)).toBe('1,2,,,,')
      await shot('1b-typing-1280')
      await expect.poll(() => isFocused(page.getByLabel('Digit 3 of 6'))).toBe(true)
      await page.keyboard.press('Backspace')
      expect(await boxValues(page)).toBe('1,,,,,')

      // A whole code pasted into the fourth box fills all six and is sent at once.
      await paste(page, page.getByLabel('Digit 4 of 6'), `${wrong.slice(0, 3)} ${wrong.slice(3)}`)
      await page.getByText('The code you entered is incorrect').waitFor()
      await expect.poll(() => boxValues(page)).toBe(',,,,,')
      await expect.poll(() => isFocused(page.getByLabel('Digit 1 of 6'))).toBe(true)
      await page.setViewportSize({ width: 390, height: 844 })
      await shot('2-wrong-code-390')
      expect(await seriousViolations(page)).toEqual([])

      await paste(page, page.getByLabel('Digit 1 of 6'), code)
      await page.getByRole('button', { name: 'Skip' }).click()
      await page.getByRole('heading', { name: 'Sign a message' }).waitFor()
      expect(await page.getByRole('banner').getByText('Signed in', { exact: true }).count()).toBe(1)
      await page.context().close()
    },
  )
})
