import { verifyTypedData } from 'viem'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { type CoreTestbed, createCoreTestbed } from '../test/createCoreTestbed.js'
import { signTypedData } from './signTypedData.js'

let testbed: CoreTestbed
beforeEach(async () => {
  testbed = await createCoreTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

test('default: an EIP-712 signature by the user address', async () => {
  const config = testbed.createConfig()
  const { address } = await testbed.signIn(config, 'ada@example.com')
  const typedData = {
    domain: { name: 'Sigil', version: '1', chainId: 31337 },
    types: { Mail: [{ name: 'contents', type: 'string' }] },
    primaryType: 'Mail',
    message: { contents: 'hello' },
  } as const
  const signature = await signTypedData(config, typedData)
  expect(await verifyTypedData({ address, signature, ...typedData })).toBe(true)
})
