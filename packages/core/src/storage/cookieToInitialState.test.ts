import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { createNodeFrameStamper } from '../../../signer/src/test/createNodeFrameStamper.js'
import { getSigner } from '../actions/getSigner.js'
import { getSignerStatus } from '../actions/getSignerStatus.js'
import { getUser } from '../actions/getUser.js'
import { hydrate } from '../actions/hydrate.js'
import { createConfig } from '../createConfig.js'
import { createCookieJar } from '../test/createCookieJar.js'
import { type CoreTestbed, createCoreTestbed } from '../test/createCoreTestbed.js'
import { cookieStorage } from './cookieStorage.js'
import { cookieToInitialState } from './cookieToInitialState.js'

/** Server rendering with cookies: the browser writes the state cookie, the server reads it back. */

let testbed: CoreTestbed
beforeEach(async () => {
  testbed = await createCoreTestbed()
})
afterEach(async () => {
  vi.unstubAllGlobals()
  await testbed.cleanup()
})

/** A browser session signed in with `cookieStorage`: its cookie header and key frame. */
const signInWithCookies = async () => {
  const jar = createCookieJar()
  vi.stubGlobal('document', jar)
  const stamper = createNodeFrameStamper()
  const browser = testbed.createConfig({ ssr: true, storage: cookieStorage, stamper })
  await hydrate(browser).onMount()
  const user = await testbed.signIn(browser, 'ada@example.com')
  browser.store.getState().signer?.destroy()
  vi.unstubAllGlobals()
  return { cookieHeader: `theme=dark; ${jar.cookie}`, jar, stamper, user }
}

test('default: cookie → initial state on the server → hydrate → the client restores the session', async () => {
  const { cookieHeader, jar, stamper, user } = await signInWithCookies()

  // The server: no document, no stamper, so no signer.
  const {
    stamper: _,
    window: __,
    ...serverParameters
  } = testbed.parameters({ ssr: true, storage: cookieStorage })
  const server = createConfig(serverParameters)
  const initialState = cookieToInitialState(server, cookieHeader)
  expect(initialState).toMatchObject({
    chain: { id: 31337 },
    user: { address: user.address, orgId: user.orgId, userId: user.userId, email: 'ada@example.com' },
    signerStatus: { status: 'CONNECTED' },
  })
  expect(JSON.parse(JSON.stringify(initialState))).toEqual(initialState)
  hydrate(server, initialState)
  expect(getUser(server)?.userId).toBe(user.userId)
  expect(getSignerStatus(server).status).toBe('INITIALIZING')
  expect(getSigner(server)).toBeUndefined()

  // The client renders the same first state, then mounts: the signer restores the session.
  vi.stubGlobal('document', jar)
  const client = testbed.createConfig({
    ssr: true,
    storage: cookieStorage,
    stamper: createNodeFrameStamper(stamper.targetKey()),
  })
  const { onMount } = hydrate(client, initialState)
  expect(getSignerStatus(client).status).toBe('INITIALIZING')
  expect(getUser(client)?.userId).toBe(user.userId)
  await onMount()
  await getSigner(client)!.ready
  expect(getSignerStatus(client).isConnected).toBe(true)
  expect(getUser(client)).toEqual(user)
})

test('behavior: no cookie, or an unreadable one', () => {
  const config = testbed.createConfig({ ssr: true })
  expect(cookieToInitialState(config, undefined)).toBeUndefined()
  expect(cookieToInitialState(config, 'theme=dark')).toBeUndefined()
  expect(cookieToInitialState(config, 'alchemy-account-state=%7Bnot%20json')).toBeUndefined()
})

test('behavior: a cookie of an older version', async () => {
  const { cookieHeader } = await signInWithCookies()
  const older = cookieHeader.replace(encodeURIComponent('"version":14'), encodeURIComponent('"version":13'))
  expect(older).not.toBe(cookieHeader)
  expect(cookieToInitialState(testbed.createConfig({ ssr: true }), older)).toBeUndefined()
})

test('behavior: a cookie made with another config', async () => {
  const { cookieHeader } = await signInWithCookies()
  const other = testbed.createConfig({ ssr: true, enablePopupOauth: true })
  expect(cookieToInitialState(other, cookieHeader)).toBeUndefined()
})
