import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { launchChromium } from '../../../packages/signer/test/browser/launchChromium.js'
import { killGroup, type RunningStart, runStartScript } from './runStartScript.js'
import { buildDemo } from './startDemoTestbed.js'

/**
 * Social sign-in on what `npm start` runs (`runStartScript`, free ports): the dev login (a real
 * `oidc-provider` with Sigil's login page) is configured on the server as `dev_login`, and real
 * Chromium signs in through the demo's 'Continue with Dev login' in a popup and 'Continue with Dev
 * login (redirect)' in the page itself. Screenshots (1280 and 390 px wide, the popup 500 px):
 * `test-results/demo/dev-login/<step>.png`.
 */

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url))
const screenshotDir = join(repositoryRoot, 'test-results', 'demo', 'dev-login')
const slow = { timeout: 120_000 }

let dataDir: string
let started: RunningStart
let browser: Browser
beforeAll(async () => {
  const demoDir = await buildDemo()
  dataDir = await mkdtemp(join(tmpdir(), 'sigil-dev-login-data-'))
  await mkdir(screenshotDir, { recursive: true })
  started = await runStartScript({ frameDir: inject('browserAssets').frameDir, demoDir, dataDir })
  browser = await launchChromium()
}, 180_000)
afterAll(async () => {
  await browser?.close()
  if (started) {
    process.kill(-started.process.pid!, 'SIGINT')
    await started.exited
    killGroup(started.process.pid!)
  }
  await rm(dataDir, { recursive: true, force: true })
})

async function openDemo(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width > 500 ? 800 : 844 } })
  const page = await context.newPage()
  await page.goto(started.demoUrl)
  await page.getByRole('heading', { name: 'Sign in' }).waitFor()
  return page
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true })

/** The signed-in dashboard's account panel shows `email`. */
async function expectSignedInAs(page: Page, email: string) {
  await page.getByRole('heading', { name: 'Sign a message' }).waitFor()
  const account = page.getByRole('region', { name: 'Account', exact: true })
  expect(await account.getByText(email).count()).toBe(1)
}

describe('npm start: dev login', () => {
  test(
    "default: 'Continue with Dev login' opens the dev login in a popup; a typed name signs up a new user with <name>@example.com, without password or consent",
    slow,
    async () => {
      const page = await openDemo(1280)
      await shot(page, '1-sign-in-1280')
      const popupOpened = page.waitForEvent('popup')
      await page.getByRole('button', { name: 'Continue with Dev login', exact: true }).click()
      const popup = await popupOpened
      const closed = popup.waitForEvent('close')
      await popup.getByRole('heading', { name: 'Sign in' }).waitFor()
      expect(new URL(popup.url()).origin).toBe(started.devLoginUrl)
      await popup.getByText('no password is needed').waitFor()
      await shot(popup, '2-dev-login-popup')
      await popup.getByLabel('Name or email').fill('Ada Lovelace')
      await popup.getByRole('button', { name: 'Sign in', exact: true }).click()
      await closed

      // A new user is offered a passkey first (the demo's addPasskeyOnSignup).
      await page.getByRole('heading', { name: 'Add a passkey' }).waitFor()
      await page.getByRole('button', { name: 'Skip', exact: true }).click()
      await expectSignedInAs(page, 'ada.lovelace@example.com')
      await shot(page, '3-signed-in-popup-1280')
      // The dev login keeps what it needs in the data folder, as the rest of npm start does.
      const stored = JSON.parse(await readFile(join(dataDir, 'dev-login.json'), 'utf8')) as {
        accounts: { email: string }[]
      }
      expect(stored.accounts.map((account) => account.email)).toEqual(['ada.lovelace@example.com'])
      await page.context().close()
    },
  )

  test(
    "behavior: 'Continue with Dev login (redirect)' takes the page to the dev login and back; picking the account used before signs in the same user",
    slow,
    async () => {
      const page = await openDemo(390)
      await shot(page, '4-sign-in-390')
      await page.getByRole('button', { name: 'Continue with Dev login (redirect)', exact: true }).click()
      await page.waitForURL((url) => url.origin === started.devLoginUrl)
      const known = page.getByRole('button', { name: /Ada Lovelace/ })
      await known.waitFor()
      await shot(page, '5-dev-login-390')
      await known.click()

      await page.waitForURL((url) => url.origin === started.demoUrl)
      await expectSignedInAs(page, 'ada.lovelace@example.com')
      // The same provider account: the same user, so no sign-up offer; the return's parameters are gone.
      expect(await page.getByRole('heading', { name: 'Add a passkey' }).count()).toBe(0)
      expect(new URL(page.url()).search).toBe('')
      await shot(page, '6-signed-in-redirect-390')
      await page.context().close()
    },
  )

  test(
    "error: 'Cancel' on the dev login brings the page back to the demo's sign-in card, and nobody is signed in",
    slow,
    async () => {
      const page = await openDemo(1280)
      await page.getByRole('button', { name: 'Continue with Dev login (redirect)', exact: true }).click()
      await page.waitForURL((url) => url.origin === started.devLoginUrl)
      await page.getByRole('heading', { name: 'Sign in' }).waitFor()
      await shot(page, '7-dev-login-1280')
      await page.getByRole('link', { name: 'Cancel' }).click()
      await page.waitForURL((url) => url.origin === started.demoUrl)
      await page.getByRole('heading', { name: 'Sign in' }).waitFor()
      await page.getByRole('button', { name: 'Continue with Dev login', exact: true }).waitFor()
      expect(await page.getByRole('heading', { name: 'Sign a message' }).count()).toBe(0)
      await shot(page, '8-cancelled-1280')
      await page.context().close()
    },
  )
})
