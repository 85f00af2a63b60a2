import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { recoverMessageAddress } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { addVirtualAuthenticator } from './addVirtualAuthenticator.js'
import { launchPersistentChromium } from './launchChromium.js'
import { type BrowserTestbed, startBrowserTestbed } from './startBrowserTestbed.js'
import { reloadPage, type TestPageWindow, waitForStatus } from './testPage.js'

/**
 * Passkey sessions that survive (issue 31, part 2), in Chromium: a passkey sign-in in one tab reaches
 * the other tabs of the profile with no prompt there, a sign-out in one tab signs every tab out and
 * leaves no session key in any frame, and a closed and reopened browser is still signed in. Prompts are
 * counted by wrapping each tab's `navigator.credentials.get`; only the tab that signs in has a
 * (DevTools virtual) authenticator, so a prompt in another tab could not succeed.
 */

let testbed: BrowserTestbed
beforeAll(async () => {
  testbed = await startBrowserTestbed('passkey-tabs')
})
afterAll(async () => {
  await testbed?.close()
})

const countPrompts = () => {
  const get = navigator.credentials.get.bind(navigator.credentials)
  const counted = window as unknown as { passkeyPrompts: number }
  counted.passkeyPrompts = 0
  navigator.credentials.get = (options) => {
    counted.passkeyPrompts += 1
    return get(options)
  }
}
const promptsIn = (page: Page) =>
  page.evaluate(() => (window as unknown as { passkeyPrompts: number }).passkeyPrompts)

const signMessage = (page: Page, message: string) =>
  page.evaluate((text) => (window as unknown as TestPageWindow).signer.signMessage(text), message)

/** What the tab's key frame does with a stamp request: a stamp, or its error (no session key). */
const frameStamp = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as TestPageWindow).signer.sessionStamper.stamp('{"organizationId":"x"}').then(
      (stamp) => stamp.stampHeaderName,
      (error: Error) => `refused: ${error.message}`,
    ),
  )

const userOf = (page: Page) => page.evaluate(() => (window as unknown as TestPageWindow).signer.user)

async function openTab(context: BrowserContext) {
  await context.addInitScript(countPrompts)
  return testbed.openPage({ context })
}

test('behavior: a passkey sign-in in tab A connects tab B with no prompt; sign-out in either signs both out with no key left; two sign-ins at once share one prompt and reach both', async () => {
  const context = await testbed.newContext()
  await context.addInitScript(countPrompts)
  const tabA = await testbed.openPage({ context })
  await addVirtualAuthenticator(tabA)
  const tabB = await testbed.openPage({ context })
  await waitForStatus(tabB, 'DISCONNECTED')

  // WebAuthn answers only the focused tab.
  await tabA.bringToFront()
  const user = await tabA.evaluate(() =>
    (window as unknown as TestPageWindow).signer.authenticate({ type: 'passkey', email: 'tabs@example.com' }),
  )
  expect(await promptsIn(tabA)).toBe(1)
  await waitForStatus(tabB, 'CONNECTED')
  expect(await userOf(tabB)).toMatchObject({ userId: user.userId, address: user.address })
  const signature = await signMessage(tabB, 'signed in tab B')
  expect(await recoverMessageAddress({ message: 'signed in tab B', signature })).toBe(user.address)
  await signMessage(tabA, 'signed in tab A')
  expect(await promptsIn(tabB)).toBe(0)
  expect(await promptsIn(tabA)).toBe(1)
  await testbed.screenshot(tabB, 'tabs-1-b-connected')

  await tabB.evaluate(() => (window as unknown as TestPageWindow).signer.disconnect())
  await waitForStatus(tabB, 'DISCONNECTED')
  await waitForStatus(tabA, 'DISCONNECTED')
  expect(await userOf(tabA)).toBeUndefined()
  // Neither frame keeps the session key: a stamp request finds none.
  expect(await frameStamp(tabA)).toMatch(/^refused: /)
  expect(await frameStamp(tabB)).toMatch(/^refused: /)
  await testbed.screenshot(tabA, 'tabs-2-a-signed-out')

  // Signing in again in tab A (one prompt) reaches tab B, and both keep the session after a reload.
  // Two sign-ins started at once share one prompt.
  await tabA.bringToFront()
  const [first, second] = await tabA.evaluate(() => {
    const { signer } = window as unknown as TestPageWindow
    return Promise.all([
      signer.authenticate({ type: 'passkey', createNew: false }),
      signer.authenticate({ type: 'passkey', createNew: false }),
    ])
  })
  expect(second).toEqual(first)
  expect(await promptsIn(tabA)).toBe(2)
  await waitForStatus(tabB, 'CONNECTED')
  await waitForStatus(tabA, 'CONNECTED')
  await reloadPage(tabB)
  await waitForStatus(tabB, 'CONNECTED')
  const again = await signMessage(tabB, 'after the second sign-in')
  expect(await recoverMessageAddress({ message: 'after the second sign-in', signature: again })).toBe(
    user.address,
  )
  expect(await promptsIn(tabB)).toBe(0)
  await waitForStatus(tabA, 'CONNECTED')
  await testbed.screenshot(tabB, 'tabs-3-b-reloaded')
  await context.close()
})

test('behavior: a passkey session survives closing and reopening the browser, with no prompt', async () => {
  const profile = await mkdtemp(join(tmpdir(), 'sigil-passkey-profile-'))
  try {
    const first = await launchPersistentChromium(profile)
    const page = await openTab(first)
    await addVirtualAuthenticator(page)
    const user = await page.evaluate(() =>
      (window as unknown as TestPageWindow).signer.authenticate({
        type: 'passkey',
        email: 'reopen@example.com',
      }),
    )
    await waitForStatus(page, 'CONNECTED')
    await first.close()

    // The reopened browser has no authenticator at all: the session alone signs.
    const second = await launchPersistentChromium(profile)
    const reopened = await openTab(second)
    await waitForStatus(reopened, 'CONNECTED')
    expect(await userOf(reopened)).toMatchObject({ userId: user.userId, address: user.address })
    const signature = await signMessage(reopened, 'after reopening the browser')
    expect(await recoverMessageAddress({ message: 'after reopening the browser', signature })).toBe(
      user.address,
    )
    expect(await promptsIn(reopened)).toBe(0)
    await testbed.screenshot(reopened, 'reopened-connected')
    await second.close()
  } finally {
    await rm(profile, { recursive: true, force: true })
  }
})
