import { p256 } from '@noble/curves/nist.js'
import { bytesToHex } from '@sigil/protocol'
import type { Page } from 'playwright-core'
import { recoverMessageAddress } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { HarnessWindow, User } from './harnessWindow.js'
import { type AccountKitSignerPage, startAccountKitSignerPage } from './startAccountKitSignerPage.js'

/*
 * An unmodified `@account-kit/signer` 4.88.4 (`AlchemyWebSigner`, installed from npm in this test
 * package) in headless Chromium against a real Sigil server, `rpcUrl` pointed at Sigil: email-code
 * sign-in, whoami, signMessage, and the sign-in method routes (listAuthMethods,
 * addOauthProvider through a popup at the dev login, removeOauthProvider) and key-export
 * tracking. Its hard-coded Turnkey hosts are answered from Sigil (see startAccountKitSignerPage).
 */

let harness: AccountKitSignerPage
let page: Page
let user: User
const email = 'ada@example.com'

beforeAll(async () => {
  harness = await startAccountKitSignerPage()
  page = harness.page
})
afterAll(async () => {
  await harness?.close()
})

test('default: email-code sign-in, whoami and signMessage through Account Kit 4.88.4', async () => {
  await page.evaluate((address) => {
    const { signer, pending } = window as unknown as HarnessWindow
    pending.email = signer.authenticate({ type: 'email', emailMode: 'otp', email: address })
  }, email)
  await expect.poll(() => page.textContent('#status'), { timeout: 30_000 }).toBe('AWAITING_EMAIL_AUTH')
  const code = await harness.readCode(email)
  user = await page.evaluate(async (otpCode) => {
    const { signer, pending } = window as unknown as HarnessWindow
    const signedIn = await signer.authenticate({ type: 'otp', otpCode })
    await pending.email
    return signedIn
  }, code)
  expect(user).toMatchObject({ email, address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) })
  await expect.poll(() => page.textContent('#status')).toBe('CONNECTED')
  await harness.screenshot('1-signed-in')

  const details = await page.evaluate(() => (window as unknown as HarnessWindow).signer.getAuthDetails())
  expect(details).toMatchObject({ orgId: user.orgId, userId: user.userId, address: user.address })

  const signature = await page.evaluate(() =>
    (window as unknown as HarnessWindow).signer.signMessage('hello from Account Kit 4.88.4'),
  )
  expect(await recoverMessageAddress({ message: 'hello from Account Kit 4.88.4', signature })).toBe(
    user.address,
  )
})

test('behavior: listAuthMethods answers the methods, contact details masked (the call is unstamped)', async () => {
  const methods = await page.evaluate(() => (window as unknown as HarnessWindow).signer.listAuthMethods())
  expect(methods).toEqual({ email: 'a***@example.com', oauthProviders: [], passkeys: [] })
})

test('behavior: addOauthProvider through a popup at the dev login, then removeOauthProvider', async () => {
  harness.idp.accounts.set('ada-oauth', { email: 'ada.oauth@example.com', email_verified: true })
  await page.evaluate(() => (window as unknown as HarnessWindow).signer.preparePopupOauth())
  // A popup opens only from a click (the browser blocks others), as in an app.
  await page.evaluate(() => {
    const button = document.createElement('button')
    button.id = 'link-google'
    button.textContent = 'Link a social account'
    button.onclick = () => {
      const { signer, pending } = window as unknown as HarnessWindow
      pending.link = signer.addOauthProvider({ authProviderId: 'auth0', mode: 'popup' })
    }
    document.body.append(button)
  })
  const popup = page.waitForEvent('popup')
  await page.click('#link-google')
  const provider = await popup
  const closed = provider.waitForEvent('close')
  await provider.waitForSelector('input[name="login"]')
  await provider.fill('input[name="login"]', 'ada-oauth')
  await provider.fill('input[name="password"]', 'any password')
  await provider.click('button[type="submit"]')
  const confirm = 'form:has(input[name="prompt"][value="consent"]) button[type="submit"]'
  await provider.waitForSelector(confirm)
  await provider.click(confirm)
  await closed
  const linked = await page.evaluate(() => (window as unknown as HarnessWindow).pending.link)
  expect(linked).toEqual({
    providerId: expect.any(String),
    issuer: harness.idp.issuer,
    providerName: 'auth0',
    userDisplayName: 'ada.oauth@example.com',
  })
  const listed = await page.evaluate(() => (window as unknown as HarnessWindow).signer.listAuthMethods())
  expect(listed.oauthProviders).toEqual([{ ...(linked as object), userDisplayName: 'a***@example.com' }])
  // The provider account now signs in to the same user.
  const row = await harness.server.store.db
    .selectFrom('oauth_identities')
    .select('user_id')
    .where('subject', '=', 'ada-oauth')
    .executeTakeFirstOrThrow()
  expect(row.user_id).toBe(user.userId)

  await page.evaluate(
    (providerId) => (window as unknown as HarnessWindow).signer.removeOauthProvider(providerId),
    (linked as { providerId: string }).providerId,
  )
  const after = await page.evaluate(() => (window as unknown as HarnessWindow).signer.listAuthMethods())
  expect(after.oauthProviders).toEqual([])
})

test('behavior: exportPrivateKeyEncrypted is tracked with /v1/track-key-export', async () => {
  // The app's own Turnkey client with an API key of the user (Account Kit's `client` option): the
  // key frame stamps exports only to its export frame's key, which the page cannot give it here.
  const key = await harness.server.addApiKey({ organizationId: user.orgId, userId: user.userId })
  const target = bytesToHex(p256.getPublicKey(p256.utils.randomSecretKey(), false))
  const exported = await page.evaluate(
    ({ encryptWith, key }) => {
      const harnessWindow = window as unknown as HarnessWindow
      return harnessWindow.signer.exportPrivateKeyEncrypted({
        type: 'ETHEREUM',
        encryptWith,
        client: harnessWindow.createApiKeyClient(key),
      })
    },
    { encryptWith: target, key },
  )
  expect(JSON.parse(exported.exportBundle)).toMatchObject({
    version: 'v1.0.0',
    dataSignature: expect.any(String),
  })
  await expect
    .poll(
      () =>
        harness.server.store.db
          .selectFrom('key_exports')
          .select(['address', 'type', 'user_id'])
          .where('organization_id', '=', user.orgId)
          .execute(),
      { timeout: 15_000 },
    )
    .toEqual([{ address: user.address, type: 'ETH', user_id: user.userId }])
})

test('behavior: nothing left the machine but the Turnkey hosts Sigil answered', () => {
  expect(harness.externalRequests).toEqual([])
})
