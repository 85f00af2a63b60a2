import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type DemoTestbed, startDemoTestbed } from './startDemoTestbed.js'

/**
 * Magic-link sign-in through the demo in real Chromium: the dev app's email mode is set to
 * `magic-link` in the server's SQLite database (as `sigil-server app create --email-mode magic-link`
 * makes an app), the card asks to check the email, and the link from `/dev/mailbox.json` opened in a
 * new tab of the same browser profile signs in there, and in the tab that asked for it. Screenshots: `test-results/demo/magic-link/`.
 */

let testbed: DemoTestbed
beforeAll(async () => {
  testbed = await startDemoTestbed('magic-link')
  const database = new SQLite(join(testbed.dataDir, 'sigil.db'))
  try {
    database.pragma('busy_timeout = 5000')
    database
      .prepare("UPDATE apps SET email_mode = 'magic-link' WHERE id = ?")
      .run(testbed.server.devApp.appId)
  } finally {
    database.close()
  }
}, 120_000)
afterAll(() => testbed?.close())

describe('demo magic link', () => {
  test("default: 'Check your email', then the mailed link opened in a new tab signs in there (the dashboard with the email); the first tab offers a passkey, then shows the dashboard", {
    timeout: 90_000,
  }, async () => {
    const page = await testbed.openDemo()
    const shot = (target: typeof page, name: string) => testbed.screenshot(target, name)
    const email = 'magic@example.com'
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await page.getByRole('heading', { name: 'Check your email' }).waitFor()
    await page.getByText(email).first().waitFor()
    await shot(page, '1-check-your-email')

    const link = await testbed.readCode(email)
    expect(link).toMatch(/\/signer\/v1\/magic-link\?otpId=[^&]+&token=/)
    const tab = await page.context().newPage()
    await tab.goto(link)
    // The new tab starts at the card's first step: signed in there, it goes straight to the dashboard.
    await tab.getByRole('heading', { name: 'Sign a message' }).waitFor()
    await shot(tab, '2-dashboard-in-new-tab')
    expect(await tab.getByRole('region', { name: 'Account', exact: true }).getByText(email).count()).toBe(1)

    // The tab that asked for the link shares the session: it offers the new user a passkey (skipped).
    await page.getByRole('heading', { name: 'Add a passkey' }).waitFor()
    await shot(page, '3-first-tab-add-passkey')
    await page.getByRole('button', { name: 'Skip', exact: true }).click()
    await page.getByRole('heading', { name: 'Sign a message' }).waitFor()
    await shot(page, '4-first-tab-dashboard')
    await page.context().close()
  })

  test('error: a used link opened again lands on the card with what happened and a way on', {
    timeout: 90_000,
  }, async () => {
    const page = await testbed.openDemo()
    const email = 'used-link@example.com'
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await page.getByRole('heading', { name: 'Check your email' }).waitFor()
    const link = await testbed.readCode(email)
    const tab = await page.context().newPage()
    await tab.goto(link)
    await tab.getByRole('heading', { name: 'Sign a message' }).waitFor()
    await page.context().close()

    // The same link again, in another browser profile: used up. The card says so, on its first step.
    const elsewhere = await testbed.openDemo()
    await elsewhere.goto(link)
    await elsewhere
      .getByRole('alert')
      .getByText('This sign-in link was already used or has expired, ask for a new one.')
      .waitFor()
    expect(await elsewhere.getByLabel('Email').isVisible()).toBe(true)
    await testbed.screenshot(elsewhere, '5-used-link')
    await elsewhere.context().close()
  })
})
