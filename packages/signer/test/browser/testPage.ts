import type { Page } from 'playwright-core'
import type * as sigil from '../../src/index.js'
import type { Signer } from '../../src/Signer.js'

/** What the test app page puts on `window` (see `page/main.ts`). */
export type TestPageWindow = Window & {
  sigil: typeof sigil
  signer: Signer
  signerEvents: string[]
  /** Scratch space for promises a test starts in one `evaluate` and awaits in another. */
  pending: Record<string, Promise<unknown>>
}

/** Waits until the page's signer reports `status`. */
export async function waitForStatus(page: Page, status: string, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    (expected) => (window as unknown as TestPageWindow).signer?.status === expected,
    status,
    { timeout },
  )
}

/**
 * Signs in on `page` with an email code: starts `authenticate({type: 'email'})`, reads the code
 * from the dev mailbox, submits it with `authenticate({type: 'otp'})`, and answers the user.
 *
 * @example
 * const user = await signInWithEmailCode(page, testbed.readCode, 'ada@example.com')
 */
export async function signInWithEmailCode(
  page: Page,
  readCode: (email: string) => Promise<string>,
  email: string,
) {
  await page.evaluate((address) => {
    const testWindow = window as unknown as TestPageWindow
    testWindow.pending ??= {}
    testWindow.pending.email = testWindow.signer.authenticate({
      type: 'email',
      emailMode: 'otp',
      email: address,
    })
  }, email)
  await waitForStatus(page, 'AWAITING_EMAIL_AUTH')
  const code = await readCode(email)
  return page.evaluate(async (otpCode) => {
    const testWindow = window as unknown as TestPageWindow
    const user = await testWindow.signer.authenticate({ type: 'otp', otpCode })
    await testWindow.pending.email
    return user
  }, code)
}
