import { NotAuthenticatedError } from '@sigil/signer'
import { verifyMessage } from 'viem'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { sigilDevnet } from '../chains/sigilDevnet.js'
import { createConfig } from '../createConfig.js'
import { ClientOnlyPropertyError } from '../errors/ClientOnlyPropertyError.js'
import { type CoreTestbed, createCoreTestbed } from '../test/createCoreTestbed.js'
import { signMessage } from './signMessage.js'

let testbed: CoreTestbed
beforeEach(async () => {
  testbed = await createCoreTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

test('default: an EIP-191 signature by the user address', async () => {
  const config = testbed.createConfig()
  const { address } = await testbed.signIn(config, 'ada@example.com')
  const signature = await signMessage(config, { message: 'hello' })
  expect(await verifyMessage({ address, message: 'hello', signature })).toBe(true)
})

test('error: nobody signed in', async () => {
  const config = testbed.createConfig()
  await expect(signMessage(config, { message: 'hello' })).rejects.toThrowError(NotAuthenticatedError)
})

test('error: on the server there is no signer', async () => {
  const config = createConfig({ connection: { rpcUrl: 'https://signer.example.com' }, chain: sigilDevnet })
  expect(() => signMessage(config, { message: 'hello' })).toThrowError(ClientOnlyPropertyError)
  expect(() => signMessage(config, { message: 'hello' })).toThrowError(
    'signer is only available on the client',
  )
})
