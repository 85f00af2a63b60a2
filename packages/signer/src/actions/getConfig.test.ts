import { afterEach, beforeEach, expect, test } from 'vitest'
import { createApp } from '../../../server/src/apps/createApp.js'
import { testAppOrigin } from '../../../server/src/test/createTestServer.js'
import { SignerRequestError } from '../errors/SignerRequestError.js'
import { createSignerTestbed, type SignerTestbed, testRpcUrl } from '../test/createSignerTestbed.js'
import { getConfig } from './getConfig.js'

let testbed: SignerTestbed
beforeEach(async () => {
  testbed = await createSignerTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

const configCalls = () => testbed.routes.filter((route) => route === '/v1/signer-config').length

test('default: answers the app’s email mode, asking the server once for two calls', async () => {
  const signer = testbed.createSigner()
  await signer.ready
  const before = configCalls()
  const [first, second] = await Promise.all([signer.getConfig(), getConfig(signer)])
  expect(first).toEqual({ appId: testbed.server.signerApp.appId, email: { mode: 'OTP' } })
  expect(second).toBe(first)
  expect(await signer.getConfig()).toBe(first)
  expect(configCalls() - before).toBe(1)
})

test('behavior: a magic-link app answers MAGIC_LINK', async () => {
  const { appId, apiKey } = await createApp(testbed.server.store.db, {
    name: 'magic link app',
    origins: [testAppOrigin],
    emailMode: 'magic-link',
    now: Date.now(),
  })
  const signer = testbed.createSigner({ connection: { rpcUrl: testRpcUrl, apiKey } })
  expect(await signer.getConfig()).toEqual({ appId, email: { mode: 'MAGIC_LINK' } })
})

test('error: a failed fetch is not cached', async () => {
  let fail = true
  const signer = testbed.createSigner({
    fetch: (input, init) =>
      fail ? Promise.resolve(new Response('unavailable', { status: 503 })) : testbed.fetch(input, init),
  })
  await signer.ready
  await expect(signer.getConfig()).rejects.toBeInstanceOf(SignerRequestError)
  fail = false
  expect(await signer.getConfig()).toEqual({ appId: testbed.server.signerApp.appId, email: { mode: 'OTP' } })
})
