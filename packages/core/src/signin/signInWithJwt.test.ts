import { SignerRequestError } from '@sigil/signer'
import { generate } from 'otplib'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { addJwtIssuer } from '../../../server/src/auth/jwt/addJwtIssuer.js'
import { createIssuerKey, type IssuerKey } from '../../../server/src/auth/jwt/test/createIssuerKey.js'
import { addMfa } from '../actions/addMfa.js'
import { disconnect } from '../actions/disconnect.js'
import { getSignerStatus } from '../actions/getSignerStatus.js'
import { verifyMfa } from '../actions/verifyMfa.js'
import { type CoreTestbed, createCoreTestbed } from '../test/createCoreTestbed.js'
import { signInWithJwt } from './signInWithJwt.js'
import { submitMfaCode } from './submitMfaCode.js'

/** Bring-your-own auth through core, against the real server in process with a registered issuer. */

let testbed: CoreTestbed
let key: IssuerKey
const issuer = 'https://backend.example.test'
beforeEach(async () => {
  testbed = await createCoreTestbed()
  key = await createIssuerKey({ issuer, audience: 'core-test' })
  await addJwtIssuer(testbed.server.store.db, {
    appId: testbed.server.signerApp.appId,
    issuer,
    publicKey: JSON.stringify(key.publicJwk),
    audience: 'core-test',
    now: Date.now(),
  })
})
afterEach(async () => {
  await testbed.cleanup()
})

test('default', async () => {
  const config = testbed.createConfig()
  const step = await signInWithJwt(config, { jwt: await key.sign({ sub: 'ada' }) })
  expect(step).toMatchObject({
    next: 'done',
    isNewUser: true,
    user: { address: expect.stringMatching(/^0x/) },
  })
  expect(getSignerStatus(config).status).toBe('CONNECTED')
  await disconnect(config)
  const again = await signInWithJwt(config, { jwt: await key.sign({ sub: 'ada' }) })
  expect(again).toMatchObject({ next: 'done', isNewUser: false })
  if (step.next === 'done' && again.next === 'done') expect(again.user.address).toBe(step.user.address)
})

test('behavior: a user with an authenticator factor answers mfa; submitMfaCode finishes', async () => {
  const config = testbed.createConfig()
  await signInWithJwt(config, { jwt: await key.sign({ sub: 'bea' }) })
  const added = await addMfa(config, { multiFactorType: 'totp' })
  const code = (offsetSteps = 0) =>
    generate({
      secret: new URL(added.multiFactorTotpUrl).searchParams.get('secret')!,
      epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30,
    })
  await verifyMfa(config, { multiFactorId: added.multiFactorId, multiFactorCode: await code() })
  await disconnect(config)
  const step = await signInWithJwt(config, { jwt: await key.sign({ sub: 'bea' }) })
  expect(step).toEqual({ next: 'mfa', factorId: added.multiFactorId, factorType: 'totp' })
  const done = await submitMfaCode(config, { code: await code(1) })
  expect(done).toMatchObject({ next: 'done' })
  expect(getSignerStatus(config).status).toBe('CONNECTED')
})

test('error: an expired token throws its code and leaves the signer disconnected', async () => {
  const config = testbed.createConfig()
  const seconds = Math.floor(Date.now() / 1000)
  const failure = await signInWithJwt(config, {
    jwt: await key.sign({ iat: seconds - 900, exp: seconds - 600 }),
  }).catch((error: unknown) => error)
  expect(failure).toBeInstanceOf(SignerRequestError)
  expect((failure as SignerRequestError).code).toBe('JWT_EXPIRED')
  expect(getSignerStatus(config).status).toBe('DISCONNECTED')
})
