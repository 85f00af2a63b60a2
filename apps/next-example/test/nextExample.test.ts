import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BrowserContext, Page } from 'playwright-core'
import { createPublicClient, http, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type NextExampleTestbed, startNextExampleTestbed } from './startNextExampleTestbed.js'

/**
 * The Next.js example (`apps/next-example`) built by `next build` and run by `next start` against a real
 * Sigil server and the devnet, in headless Chromium: server rendering from the `cookieStorage` cookie,
 * sign-in by email code, a signature, a sponsored operation, and a second tab.
 */

let testbed: NextExampleTestbed
beforeAll(async () => {
  testbed = await startNextExampleTestbed()
}, 300_000)
afterAll(() => testbed?.close())

const screenshotDir = fileURLToPath(new URL('../../../test-results/next-example/', import.meta.url))
const node = () => createPublicClient({ transport: http(testbed.devnet.rpcUrl) })

/** What a page printed to its console as errors or warnings, and the errors it threw. */
function watchConsole(page: Page): string[] {
  const messages: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      messages.push(`console.${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => messages.push(`page error: ${error.message}`))
  if (process.env.SIGIL_BROWSER_DEBUG)
    page.on('console', (message) =>
      process.stderr.write(`[next-example] console.${message.type()}: ${message.text()}\n`),
    )
  return messages
}

/** The `Cookie` header the context would send to the example. */
async function cookieHeader(context: BrowserContext): Promise<string> {
  const cookies = await context.cookies(testbed.url)
  return cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
}

/** The example's page as the server renders it for a request with `cookie`. */
async function serverHtml(cookie?: string): Promise<string> {
  const response = await fetch(testbed.url, { headers: cookie ? { cookie } : {} })
  expect(response.status).toBe(200)
  return response.text()
}

async function shoot(page: Page, name: string) {
  await mkdir(screenshotDir, { recursive: true })
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 })
    await page.screenshot({ path: join(screenshotDir, `${name}-${width}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

describe('Next.js example', () => {
  test('default: sign in by email code, sign a message, send a sponsored operation; after a reload the server renders the signed-in page; a second tab shows the same user; signed out, the server renders no user; no hydration warning or console error', {
    timeout: 240_000,
  }, async () => {
    const email = 'ada@example.com'
    const context = await testbed.browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    const messages = watchConsole(page)

    // Signed out: the server renders no user; the browser then shows the sign-in card.
    const signedOutHtml = await serverHtml()
    expect(signedOutHtml).not.toContain('data-testid="signed-in"')
    await page.goto(testbed.url)
    await page.getByTestId('signed-out').waitFor()
    await shoot(page, 'signed-out')

    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await page.getByRole('heading', { name: 'Enter verification code' }).waitFor()
    await page.getByLabel('Verification code').fill(await testbed.readCode(email))
    await page.getByTestId('signed-in').waitFor({ timeout: 30_000 })
    const address = (await page.getByTestId('user-address').textContent()) as `0x${string}`
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await page.getByTestId('user-email').textContent()).toBe(email)

    // A signature: viem recovers the user's address from it.
    const message = 'Hello from the Next.js test'
    await page.getByRole('textbox', { name: 'Message' }).fill(message)
    await page.getByRole('button', { name: 'Sign message' }).click()
    const signature = page.getByTestId('signature')
    await signature.waitFor({ timeout: 30_000 })
    const signed = (await signature.textContent()) as `0x${string}`
    expect(await verifyMessage({ address, message, signature: signed })).toBe(true)
    expect(await page.getByTestId('verified').getAttribute('data-verified')).toBe('true')

    // A sponsored operation: the receipt succeeds and the account holds no ETH (the policy paid).
    await expect
      .poll(() => page.getByTestId('account-address').textContent(), { timeout: 60_000 })
      .toMatch(/^0x[0-9a-fA-F]{40}$/)
    const account = (await page.getByTestId('account-address').textContent()) as `0x${string}`
    await page.getByRole('button', { name: 'Send sponsored operation' }).click()
    const hash = page.getByTestId('transaction-hash')
    await hash.waitFor({ timeout: 90_000 })
    const receipt = await node().getTransactionReceipt({ hash: (await hash.textContent()) as `0x${string}` })
    expect(receipt.status).toBe('success')
    expect(await node().getCode({ address: account })).toMatch(/^0x.+/)
    expect(await node().getBalance({ address: account })).toBe(0n)
    await shoot(page, 'signed-in')

    // After a reload, the first HTML (before any script ran) is the signed-in page, not the card.
    const response = await page.reload()
    const firstHtml = (await response?.text()) ?? ''
    expect(firstHtml).toContain('data-testid="signed-in"')
    expect(firstHtml).toContain(address)
    expect(firstHtml).not.toContain('data-testid="signed-out"')
    await page.getByTestId('signed-in').waitFor()
    // The same from a plain request with the browser's cookie, and nothing of it without.
    const withCookie = await serverHtml(await cookieHeader(context))
    expect(withCookie).toContain(address)
    expect(withCookie).not.toContain('data-testid="signed-out"')
    expect(await serverHtml()).not.toContain(address)

    // A second tab of the same browser shows the same user.
    const second = await context.newPage()
    const secondMessages = watchConsole(second)
    await second.goto(testbed.url)
    await second.getByTestId('signed-in').waitFor()
    expect(await second.getByTestId('user-address').textContent()).toBe(address)
    await expect
      .poll(() => second.getByTestId('account-address').textContent(), { timeout: 60_000 })
      .toBe(account)

    // Signing out writes the cookie too: the server renders no user for it any more.
    await page.bringToFront()
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.getByTestId('signed-out').waitFor({ timeout: 30_000 })
    expect(await serverHtml(await cookieHeader(context))).not.toContain(address)

    const all = [...messages, ...secondMessages]
    expect(all.filter((text) => /hydrat/i.test(text))).toEqual([])
    expect(all.filter((text) => !text.startsWith('console.warning'))).toEqual([])
    await context.close()
  })
})
