import { recoverMessageAddress } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type BrowserTestbed, startBrowserTestbed } from './startBrowserTestbed.js'
import { signInWithEmailCode, type TestPageWindow } from './testPage.js'

let testbed: BrowserTestbed
beforeAll(async () => {
  testbed = await startBrowserTestbed('email')
})
afterAll(async () => {
  await testbed?.close()
})

test('default: email code sign-in in Chromium through the real key frame, then signMessage', async () => {
  const page = await testbed.openPage()
  expect(await page.evaluate(() => (window as unknown as TestPageWindow).signer.status)).toBe('DISCONNECTED')
  await testbed.screenshot(page, '1-disconnected')

  const user = await signInWithEmailCode(page, testbed.readCode, 'ada@example.com')
  expect(user).toMatchObject({
    email: 'ada@example.com',
    address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
  })
  // The key frame was mounted (hidden) from the server's origin, another site than the app.
  expect(await page.getAttribute('#turnkey-iframe', 'src')).toBe(
    `${testbed.serverUrl}/frame/auth?app=${testbed.app.appId}`,
  )
  await page.waitForSelector('#status:text("CONNECTED")')
  await testbed.screenshot(page, '2-connected')

  const signature = await page.evaluate(() =>
    (window as unknown as TestPageWindow).signer.signMessage('hello from Chromium'),
  )
  expect(await recoverMessageAddress({ message: 'hello from Chromium', signature })).toBe(user.address)
})
