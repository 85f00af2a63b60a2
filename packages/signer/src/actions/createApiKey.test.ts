import { p256 } from '@noble/curves/nist.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { SignerError } from '../errors/SignerError.js'
import { SignerRequestError } from '../errors/SignerRequestError.js'
import { createApiKeyStamper } from '../stampers/createApiKeyStamper.js'
import { createSignerTestbed, type SignerTestbed, testRpcUrl } from '../test/createSignerTestbed.js'

let testbed: SignerTestbed
beforeAll(async () => {
  testbed = await createSignerTestbed()
})
afterAll(() => testbed?.cleanup())

function newKeyPair() {
  const privateKey = p256.utils.randomSecretKey()
  return { privateKey: bytesToHex(privateKey), publicKey: bytesToHex(p256.getPublicKey(privateKey, true)) }
}

test('default: experimental_createApiKey (Account Kit name) adds a key that then stamps as the user', async () => {
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, 'apikey@example.com')
  const key = newKeyPair()
  await signer.experimental_createApiKey({ name: 'backend', publicKey: key.publicKey, expirationSec: 600 })

  const body = JSON.stringify({ organizationId: user.orgId })
  const { stampHeaderName, stampHeaderValue } = await createApiKeyStamper(key).stamp(body)
  const response = await testbed.fetch(`${testRpcUrl}/public/v1/query/whoami`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', [stampHeaderName]: stampHeaderValue },
  })
  expect(response.status).toBe(200)
  expect(await response.json()).toMatchObject({ organizationId: user.orgId, userId: user.userId })
})

test("error: 'Failed to create api key' when the server refuses (a malformed public key), with its reason as cause", async () => {
  const signer = testbed.createSigner()
  await testbed.signIn(signer, 'malformed@example.com')
  const failure = await signer
    .experimental_createApiKey({ name: 'bad', publicKey: '02abcd', expirationSec: 600 })
    .catch((error: unknown) => error)
  expect(failure).toBeInstanceOf(SignerError)
  expect((failure as Error).message).toBe('Failed to create api key')
  expect((failure as Error).cause).toBeInstanceOf(SignerRequestError)
  expect(((failure as Error).cause as SignerRequestError).status).toBe(400)
})

test("error: 'User must be authenticated to create api key' when nobody is signed in", async () => {
  const signer = testbed.createSigner()
  await signer.ready
  await expect(
    signer.experimental_createApiKey({ name: 'x', publicKey: newKeyPair().publicKey, expirationSec: 60 }),
  ).rejects.toThrowError('User must be authenticated to create api key')
})
