import { afterEach, beforeEach, expect, test } from 'vitest'
import { createSignerTestbed, type SignerTestbed } from '../test/createSignerTestbed.js'

let testbed: SignerTestbed
beforeEach(async () => {
  testbed = await createSignerTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

test('default: the orgId of a known email, null for an unknown one', async () => {
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, 'known@example.com')
  expect(await signer.lookupUserByEmail('Known@Example.com')).toEqual({ orgId: user.orgId })
  expect(await signer.lookupUserByEmail('nobody@example.com')).toEqual({ orgId: null })
})
