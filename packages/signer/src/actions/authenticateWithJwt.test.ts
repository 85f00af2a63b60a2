import { generate } from 'otplib'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { addJwtIssuer } from '../../../server/src/auth/jwt/addJwtIssuer.js'
import { createIssuerKey, type IssuerKey } from '../../../server/src/auth/jwt/test/createIssuerKey.js'
import { SignerRequestError } from '../errors/SignerRequestError.js'
import { createNodeFrameStamper } from '../test/createNodeFrameStamper.js'
import { createSignerTestbed, type SignerTestbed } from '../test/createSignerTestbed.js'

/**
 * `authenticate({ type: 'custom-jwt', jwt })` against the real server in process: the app's issuer
 * (a static key made with jose) is registered for the test app, tokens are exchanged at
 * `/v1/auth-jwt`, the signer connects with `connectedJwt` and keeps the session.
 */

let testbed: SignerTestbed
let key: IssuerKey
const issuer = 'https://backend.example.test'
beforeEach(async () => {
  testbed = await createSignerTestbed()
  key = await createIssuerKey({ issuer, audience: 'sdk-test', alg: 'ES256' })
  await addJwtIssuer(testbed.server.store.db, {
    appId: testbed.server.signerApp.appId,
    issuer,
    publicKey: key.publicPem,
    audience: 'sdk-test',
    algorithms: ['ES256'],
    now: Date.now(),
  })
})
afterEach(async () => {
  await testbed.cleanup()
})

test('default', async () => {
  const frame = createNodeFrameStamper()
  const signer = testbed.createSigner({ stamper: frame })
  await signer.ready
  const events = testbed.recordEvents(signer, [
    'authenticating',
    'connectedJwt',
    'connected',
    'newUserSignup',
  ])
  const user = await signer.authenticate({ type: 'custom-jwt', jwt: await key.sign({ sub: 'ada' }) })
  expect(user.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  expect(signer.status).toBe('CONNECTED')
  expect(testbed.routes).toContain('/v1/auth-jwt')
  // `authenticating` once for the token, once for the bundle (as Account Kit's submitJwt does).
  expect(events).toEqual([
    'authenticating:custom-jwt',
    'authenticating:custom-jwt',
    'connected',
    'connectedJwt',
    'newUserSignup',
  ])
  // A reload restores the custom-JWT session without a new token (the frame keeps its key).
  const tab = testbed.createSigner({ stamper: createNodeFrameStamper(frame.targetKey()) })
  await tab.ready
  expect(tab.status).toBe('CONNECTED')
  expect((await tab.whoami()).orgId).toBe(user.orgId)
  // The same user signs in again: same wallet, not a new user.
  await signer.disconnect()
  const again = await signer.authenticate({ type: 'custom-jwt', jwt: await key.sign({ sub: 'ada' }) })
  expect(again.address).toBe(user.address)
})

test('behavior: a user with a second factor stops at mfa; the TOTP code connects', async () => {
  const signer = testbed.createSigner()
  await signer.ready
  const first = await signer.authenticate({ type: 'custom-jwt', jwt: await key.sign({ sub: 'bea' }) })
  const added = await signer.addMfa({ multiFactorType: 'totp' })
  const code = (offsetSteps = 0) =>
    generate({
      secret: new URL(added.multiFactorTotpUrl).searchParams.get('secret')!,
      epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30,
    })
  await signer.verifyMfa({ multiFactorId: added.multiFactorId, multiFactorCode: await code() })
  await signer.disconnect()

  const step = await signer.startAuthentication({ type: 'custom-jwt', jwt: await key.sign({ sub: 'bea' }) })
  expect(step).toMatchObject({ next: 'mfa', multiFactors: [{ multiFactorId: added.multiFactorId }] })
  expect(signer.status).toBe('AWAITING_MFA_AUTH')
  const user = await signer.validateMultiFactors({ multiFactorCode: await code(1) })
  expect(user.orgId).toBe(first.orgId)
  expect(signer.status).toBe('CONNECTED')
})

test('error: a replayed token is refused with its code and the signer is disconnected', async () => {
  const signer = testbed.createSigner()
  await signer.ready
  const jwt = await key.sign({ sub: 'cleo' })
  await signer.authenticate({ type: 'custom-jwt', jwt })
  await signer.disconnect()
  const failure = await signer.authenticate({ type: 'custom-jwt', jwt }).catch((error: unknown) => error)
  expect(failure).toBeInstanceOf(SignerRequestError)
  expect((failure as SignerRequestError).code).toBe('JWT_REPLAYED')
  expect(signer.status).toBe('DISCONNECTED')
})
