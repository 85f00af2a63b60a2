import { verifyTypedData } from 'viem'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { mail as typedData } from '../../../server/src/kms/signing/typedData.vectors.js'
import { createSignerTestbed, type SignerTestbed } from '../test/createSignerTestbed.js'
import { signTypedData } from './signTypedData.js'

let testbed: SignerTestbed
beforeEach(async () => {
  testbed = await createSignerTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

test('default: the signature verifies with viem verifyTypedData', async () => {
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, 'typed@example.com')
  const signature = await signTypedData(signer, typedData)
  expect(await verifyTypedData({ ...typedData, address: user.address, signature })).toBe(true)
})

test('behavior: the signer method signs the same digest', async () => {
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, 'typed2@example.com')
  const signature = await signer.signTypedData(typedData)
  expect(await verifyTypedData({ ...typedData, address: user.address, signature })).toBe(true)
  expect(
    await verifyTypedData({
      ...typedData,
      message: { ...typedData.message, contents: 'Hello, Eve!' },
      address: user.address,
      signature,
    }),
  ).toBe(false)
})
