import { afterAll, beforeAll, expect, test } from 'vitest'
import { createSignerTestbed, type SignerTestbed } from '../test/createSignerTestbed.js'

let testbed: SignerTestbed
beforeAll(async () => {
  testbed = await createSignerTestbed()
})
afterAll(() => testbed?.cleanup())

test('default: signer.on (Account Kit name) reports the current status, error and MFA status at once, then changes', async () => {
  const signer = testbed.createSigner()
  const statuses: string[] = []
  const errors: unknown[] = []
  const mfa: unknown[] = []
  signer.on('statusChanged', (status) => statuses.push(status))
  signer.on('errorChanged', (error) => errors.push(error))
  signer.on('mfaStatusChanged', (status) => mfa.push(status))
  expect(statuses).toEqual(['INITIALIZING'])
  expect(errors).toEqual([undefined])
  expect(mfa).toEqual([{ mfaRequired: false }])
  await signer.ready
  expect(statuses).toEqual(['INITIALIZING', 'DISCONNECTED'])
})

test('behavior: connected and disconnected report at once only while they hold; other events only later', async () => {
  const signer = testbed.createSigner()
  await signer.ready
  const seen: string[] = []
  signer.on('disconnected', () => seen.push('disconnected'))
  signer.on('connected', () => seen.push('connected'))
  signer.on('newUserSignup', () => seen.push('newUserSignup'))
  signer.on('authenticating', () => seen.push('authenticating'))
  expect(seen).toEqual(['disconnected'])

  const user = await testbed.signIn(signer, 'on@example.com')
  expect(seen[0]).toBe('disconnected')
  expect(seen.filter((name) => name === 'disconnected')).toHaveLength(1)
  expect(seen.slice(-2)).toEqual(['connected', 'newUserSignup'])
  const late: unknown[] = []
  const off = signer.on('connected', (connected) => late.push(connected))
  signer.on('disconnected', () => late.push('disconnected'))
  signer.on('newUserSignup', () => late.push('newUserSignup'))
  expect(late).toEqual([user, 'newUserSignup'])
  off()
  await signer.disconnect()
  expect(late).toEqual([user, 'newUserSignup', 'disconnected'])
})

test('error: a listener that throws at once does not break on(); it still hears later events', async () => {
  const signer = testbed.createSigner()
  await signer.ready
  const heard: string[] = []
  const thrown = new Promise<unknown>((resolve) => process.once('uncaughtException', resolve))
  const off = signer.on('statusChanged', (status) => {
    heard.push(status)
    if (status === 'DISCONNECTED') throw new Error('listener failed')
  })
  expect(typeof off).toBe('function')
  expect(((await thrown) as Error).message).toBe('listener failed')
  await testbed.signIn(signer, 'thrower@example.com')
  expect(heard).toContain('CONNECTED')
})
