import { recoverAuthorizationAddress, verifyAuthorization } from 'viem/utils'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createSignerTestbed, type SignerTestbed } from '../test/createSignerTestbed.js'
import { signAuthorization } from './signAuthorization.js'

let testbed: SignerTestbed
beforeEach(async () => {
  testbed = await createSignerTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

const delegate = '0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B'

test('default: the signed authorization verifies for the user address', async () => {
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, 'auth7702@example.com')
  const authorization = await signAuthorization(signer, { address: delegate, chainId: 1, nonce: 3 })
  expect(authorization).toEqual({
    address: delegate,
    chainId: 1,
    nonce: 3,
    r: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    s: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    v: expect.any(BigInt),
    yParity: expect.any(Number),
  })
  expect([0, 1]).toContain(authorization.yParity)
  expect(await verifyAuthorization({ address: user.address, authorization })).toBe(true)
  expect(await recoverAuthorizationAddress({ authorization })).toBe(user.address)
})

test('behavior: contractAddress is an alias of address', async () => {
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, 'alias7702@example.com')
  const authorization = await signer.signAuthorization({ contractAddress: delegate, chainId: 10, nonce: 0 })
  expect(authorization.address).toBe(delegate)
  expect(await verifyAuthorization({ address: user.address, authorization })).toBe(true)
})
