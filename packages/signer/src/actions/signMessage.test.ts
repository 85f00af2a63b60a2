import { hashMessage, recoverAddress, recoverMessageAddress } from 'viem'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { NotAuthenticatedError } from '../errors/NotAuthenticatedError.js'
import { createSignerTestbed, type SignerTestbed } from '../test/createSignerTestbed.js'
import { signMessage } from './signMessage.js'

let testbed: SignerTestbed
beforeEach(async () => {
  testbed = await createSignerTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

test('default: the signature recovers to the user address', async () => {
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, 'message@example.com')
  const signature = await signMessage(signer, { message: 'hello sigil' })
  expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
  expect(await recoverMessageAddress({ message: 'hello sigil', signature })).toBe(user.address)
})

test('behavior: raw bytes are signed as an EIP-191 message, as the signer method does', async () => {
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, 'raw@example.com')
  const message = { raw: new Uint8Array([0, 1, 2, 255]) }
  const signature = await signer.signMessage(message)
  expect(await recoverAddress({ hash: hashMessage(message), signature })).toBe(user.address)
  expect(await recoverMessageAddress({ message, signature })).toBe(user.address)
})

test('error: nobody signed in', async () => {
  const signer = testbed.createSigner()
  await signer.ready
  await expect(signMessage(signer, { message: 'x' })).rejects.toBeInstanceOf(NotAuthenticatedError)
})
