import { ed25519 } from '@noble/curves/ed25519.js'
import { base58Decode, hexToBytes } from '@sigil/protocol'
import { hashMessage, recoverAddress } from 'viem'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { NotAuthenticatedError } from '../errors/NotAuthenticatedError.js'
import { createSignerTestbed, type SignerTestbed } from '../test/createSignerTestbed.js'

let testbed: SignerTestbed
beforeEach(async () => {
  testbed = await createSignerTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

test('default: an Ethereum digest signature recovers to the user address', async () => {
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, 'sign@example.com')
  const hash = hashMessage('hello sigil')
  const signature = await signer.signRawMessage({ message: hash })
  expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
  expect(['1b', '1c']).toContain(signature.slice(-2))
  expect(await recoverAddress({ hash, signature })).toBe(user.address)
})

test('behavior: Solana signs the message bytes with ed25519, 64 bytes', async () => {
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, 'sol@example.com')
  const message = '0x48656c6c6f' as const
  const signature = await signer.signRawMessage({ message, type: 'SOLANA' })
  expect(hexToBytes(signature)).toHaveLength(64)
  expect(ed25519.verify(hexToBytes(signature), hexToBytes(message), base58Decode(user.solanaAddress!))).toBe(
    true,
  )
})

test('behavior: the stamped body carries the sign_raw_payload V2 keys in order', async () => {
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, 'order@example.com')
  const bodies: string[] = []
  const stamp = signer.stamper.stamp
  signer.current.stamper = {
    stamp(body) {
      bodies.push(body)
      return stamp(body)
    },
  }
  await signer.signRawMessage({ message: hashMessage('x') })
  const body = JSON.parse(bodies[0]!)
  expect(Object.keys(body)).toEqual(['organizationId', 'type', 'timestampMs', 'parameters'])
  expect(body).toEqual({
    organizationId: user.orgId,
    type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
    timestampMs: expect.stringMatching(/^\d+$/),
    parameters: {
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_NO_OP',
      payload: hashMessage('x'),
      signWith: user.address,
    },
  })
  expect(Object.keys(body.parameters)).toEqual(['encoding', 'hashFunction', 'payload', 'signWith'])
})

test('error: nobody signed in', async () => {
  const signer = testbed.createSigner()
  await signer.ready
  const failure = await signer.signRawMessage({ message: hashMessage('x') }).catch((e: unknown) => e)
  expect(failure).toBeInstanceOf(NotAuthenticatedError)
  expect((failure as Error).message).toBe('Signer not authenticated. Please authenticate to use this signer.')
})

test('error: no Solana address', async () => {
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, 'nosol@example.com')
  signer.store.setState({ user: { ...user, solanaAddress: undefined } })
  await expect(signer.signRawMessage({ message: '0x00', type: 'SOLANA' })).rejects.toThrow(
    'No Solana address available for the user',
  )
})
