import type { Page } from 'playwright-core'
import { recoverMessageAddress } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { addJwtIssuer } from '../../packages/server/src/auth/jwt/addJwtIssuer.js'
import { createIssuerKey, type IssuerKey } from '../../packages/server/src/auth/jwt/test/createIssuerKey.js'
import { type JwksServer, startJwksServer } from '../../packages/server/src/auth/jwt/test/startJwksServer.js'
import type { HarnessWindow, User } from './harnessWindow.js'
import { type AccountKitSignerPage, startAccountKitSignerPage } from './startAccountKitSignerPage.js'

/*
 * An unmodified `@account-kit/signer` 4.88.4 in Chromium against a real Sigil server (the harness
 * of accountKitSigner.test.ts): custom JWT sign-in, `authenticate({ type: 'custom-jwt', jwt })`
 * (`/v1/auth-jwt`), with the app's issuer registered as in docs/custom-jwt.md: its keys on a real
 * JWKS server on 127.0.0.1, its tokens minted here with `jose` as an app's backend would.
 */

const issuer = 'https://auth.account-kit-app.test'
const audience = 'account-kit-app'
let harness: AccountKitSignerPage
let page: Page
let key: IssuerKey
let jwks: JwksServer
let user: User

beforeAll(async () => {
  harness = await startAccountKitSignerPage()
  page = harness.page
  key = await createIssuerKey({ issuer, audience, alg: 'ES256' })
  jwks = await startJwksServer([key.publicJwk])
  await addJwtIssuer(harness.server.store.db, {
    appId: harness.app.appId,
    issuer,
    jwksUrl: jwks.url,
    audience,
    algorithms: ['ES256'],
    now: Date.now(),
  })
})
afterAll(async () => {
  await harness?.close()
  await jwks?.close()
})

const authenticateWithJwt = (jwt: string) =>
  page.evaluate(
    (token) => (window as unknown as HarnessWindow).signer.authenticate({ type: 'custom-jwt', jwt: token }),
    jwt,
  )

test('default: custom-JWT sign-in, whoami and signMessage through Account Kit 4.88.4', async () => {
  const jwt = await key.sign({ sub: 'app-user-1' })
  user = await authenticateWithJwt(jwt)
  expect(user).toMatchObject({ address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) })
  await expect.poll(() => page.textContent('#status')).toBe('CONNECTED')
  await harness.screenshot('jwt-signed-in')
  expect(jwks.fetches).toBeGreaterThan(0)
  const identity = await harness.server.store.db
    .selectFrom('jwt_identities')
    .select(['user_id', 'app_id'])
    .where('issuer', '=', issuer)
    .where('subject', '=', 'app-user-1')
    .executeTakeFirstOrThrow()
  expect(identity).toEqual({ user_id: user.userId, app_id: harness.app.appId })

  const details = await page.evaluate(() => (window as unknown as HarnessWindow).signer.getAuthDetails())
  expect(details).toMatchObject({ orgId: user.orgId, userId: user.userId, address: user.address })
  const signature = await page.evaluate(() =>
    (window as unknown as HarnessWindow).signer.signMessage('signed in with my own auth'),
  )
  expect(await recoverMessageAddress({ message: 'signed in with my own auth', signature })).toBe(user.address)
})

test('behavior: a new token for the same subject signs the same user in again', async () => {
  await page.evaluate(() => (window as unknown as HarnessWindow).signer.disconnect())
  await expect.poll(() => page.textContent('#status')).toBe('DISCONNECTED')
  const again = await authenticateWithJwt(await key.sign({ sub: 'app-user-1' }))
  expect(again).toMatchObject({ orgId: user.orgId, userId: user.userId, address: user.address })
})

test('error: a token used once is refused the second time (JWT_REPLAYED)', async () => {
  const jwt = await key.sign({ sub: 'app-user-2' })
  await page.evaluate(() => (window as unknown as HarnessWindow).signer.disconnect())
  const first = await authenticateWithJwt(jwt)
  expect(first.userId).not.toBe(user.userId)
  await page.evaluate(() => (window as unknown as HarnessWindow).signer.disconnect())
  await expect(authenticateWithJwt(jwt)).rejects.toThrow(/JWT_REPLAYED/)
  await expect.poll(() => page.textContent('#status')).toBe('DISCONNECTED')
})

test('error: a token of an issuer the app did not register signs no one in (JWT_ISSUER_UNKNOWN)', async () => {
  const stranger = await createIssuerKey({ issuer: 'https://evil.example.test', audience, alg: 'ES256' })
  const users = async () => (await harness.server.store.db.selectFrom('users').select('id').execute()).length
  const before = await users()
  await expect(authenticateWithJwt(await stranger.sign({ sub: 'app-user-1' }))).rejects.toThrow(
    /JWT_ISSUER_UNKNOWN/,
  )
  expect(await users()).toBe(before)
})

test('behavior: nothing left the machine but the Turnkey hosts Sigil answered', () => {
  expect(harness.externalRequests).toEqual([])
})
