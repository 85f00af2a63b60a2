import { afterEach, beforeEach, expect, test } from 'vitest'
import { createApp } from '../../../server/src/apps/createApp.js'
import { testAppOrigin } from '../../../server/src/test/createTestServer.js'
import { createNodeFrameStamper } from '../../../signer/src/test/createNodeFrameStamper.js'
import { testRpcUrl } from '../../../signer/src/test/createSignerTestbed.js'
import { getSigner } from '../actions/getSigner.js'
import { type CoreTestbed, createCoreTestbed, waitForSignerStatus } from '../test/createCoreTestbed.js'
import { startEmailSignIn } from './startEmailSignIn.js'
import { type WatchedSignInStep, watchSignInStep } from './watchSignInStep.js'

/**
 * Steps of sign-ins that finish outside the sign-in actions: a page opened from an emailed link
 * (another config with the same key frame, whose address carries the link's bundle).
 */

const email = 'ada@example.com'
let testbed: CoreTestbed
beforeEach(async () => {
  testbed = await createCoreTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

/** Requests a link in a first "tab"; returns the config of the page the link lands on. */
async function landOnLink(bundleOf: (bundle: string) => string = (bundle) => bundle) {
  const { apiKey } = await createApp(testbed.server.store.db, {
    name: 'link app',
    origins: [testAppOrigin],
    emailMode: 'magic-link',
    redirectUrl: `${testAppOrigin}/auth/return`,
    now: Date.now(),
  })
  const connection = { rpcUrl: testRpcUrl, apiKey }
  const stamper = createNodeFrameStamper()
  const first = testbed.createConfig({ connection, stamper })
  expect(await startEmailSignIn(first, { email })).toEqual({ next: 'link' })
  const link = new URL(await testbed.readCode(email))
  const landing = await testbed.server.app.request(link.pathname + link.search)
  const location = new URL(landing.headers.get('location') ?? 'about:blank')
  const bundle = bundleOf(location.searchParams.get('bundle') ?? '')
  const orgId = location.searchParams.get('orgId') ?? ''
  const href = `http://localhost:5173/auth/return?bundle=${bundle}&orgId=${orgId}&aa-is-signup=true`
  const window = Object.assign(new EventTarget(), {
    location: { href, origin: 'http://localhost:5173' },
    history: { replaceState: () => undefined },
  })
  return testbed.createConfig({ connection, stamper, window })
}

test('default: a link return reports completing, then done with the new user', async () => {
  const config = await landOnLink()
  const steps: WatchedSignInStep[] = []
  const unwatch = watchSignInStep(config)((step) => steps.push(step))
  getSigner(config)
  await waitForSignerStatus(config, 'CONNECTED')
  unwatch()
  expect(steps).toEqual([
    { next: 'completing' },
    { next: 'done', user: expect.objectContaining({ email }), isNewUser: true },
  ])
  // `current` reports where the signer is now.
  const now: WatchedSignInStep[] = []
  watchSignInStep(config, { current: true })((step) => now.push(step))()
  expect(now).toEqual([{ next: 'done', user: expect.objectContaining({ email }), isNewUser: true }])
})

test('error: a link return that fails reports completing, then failed with the error', async () => {
  // A different first character breaks the bundle's checksum. The replacement must differ from
  // the original: about one bundle in 36 starts with any given letter, and then the sign-in succeeds.
  const config = await landOnLink((bundle) => `${bundle.startsWith('x') ? 'y' : 'x'}${bundle.slice(1)}`)
  const steps: WatchedSignInStep['next'][] = []
  const unwatch = watchSignInStep(config)((step) => steps.push(step.next))
  getSigner(config)
  await waitForSignerStatus(config, 'DISCONNECTED')
  unwatch()
  expect(steps).toEqual(['completing', 'failed'])
})
