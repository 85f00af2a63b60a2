import { verifyTypedData } from 'viem'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createSignerTestbed, type SignerTestbed } from '../test/createSignerTestbed.js'
import { signTypedData } from './signTypedData.js'

let testbed: SignerTestbed
beforeEach(async () => {
  testbed = await createSignerTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

const typedData = {
  domain: {
    name: 'Ether Mail',
    version: '1',
    chainId: 1,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  },
  types: {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    contents: 'Hello, Bob!',
  },
} as const

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
