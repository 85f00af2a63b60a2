import { signerErrorCodes } from '@sigil/protocol'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { SignerRequestError } from '../errors/SignerRequestError.js'
import { createSignerTestbed, type SignerTestbed, testRpcUrl } from '../test/createSignerTestbed.js'
import { version } from '../version.js'
import { request } from './request.js'

let testbed: SignerTestbed
const sent: Request[] = []
beforeEach(async () => {
  testbed = await createSignerTestbed()
  sent.length = 0
})
afterEach(async () => {
  await testbed.cleanup()
})

/** The real server, with each request kept for inspection. */
const recording = (): typeof fetch => async (input, init) => {
  sent.push(new Request(input, init))
  return testbed.fetch(input, init)
}

const connection = (extra: { apiKey?: string; jwt?: string } = {}) => ({
  fetch: recording(),
  config: { connection: { rpcUrl: testRpcUrl, apiKey: undefined, jwt: undefined, ...extra } },
})

test('default: POST JSON to /signer<route> with the version and bearer headers', async () => {
  const answer = await request(
    connection({ apiKey: testbed.server.signerApp.apiKey }) as never,
    '/v1/lookup',
    {
      email: 'x@example.com',
    },
  )
  expect(answer).toEqual({ orgId: null })
  const [sentRequest] = sent
  expect(sentRequest!.method).toBe('POST')
  expect(sentRequest!.url).toBe(`${testRpcUrl}/signer/v1/lookup`)
  expect(sentRequest!.headers.get('content-type')).toBe('application/json')
  expect(sentRequest!.headers.get('alchemy-aa-sdk-version')).toBe(version)
  expect(sentRequest!.headers.get('authorization')).toBe(`Bearer ${testbed.server.signerApp.apiKey}`)
  expect(await sentRequest!.text()).toBe('{"email":"x@example.com"}')
})

test('behavior: a jwt is sent as the bearer; with only rpcUrl there is no Authorization header', async () => {
  await request(connection({ jwt: 'a.b.c' }) as never, '/v1/lookup', { email: 'x@example.com' }).catch(
    () => {},
  )
  expect(sent[0]!.headers.get('authorization')).toBe('Bearer a.b.c')
  await request(connection() as never, '/v1/lookup', { email: 'x@example.com' }).catch(() => {})
  expect(sent[1]!.headers.has('authorization')).toBe(false)
})

test('error: a non-OK answer throws its text as the message', async () => {
  const failure = await request(connection() as never, '/v1/lookup', { email: 'x@example.com' }).catch(
    (error: unknown) => error,
  )
  expect(failure).toBeInstanceOf(SignerRequestError)
  const { status, route, message } = failure as SignerRequestError
  expect({ status, route }).toEqual({ status: 401, route: '/v1/lookup' })
  expect(JSON.parse(message)).toMatchObject({ error: expect.any(String), code: expect.any(String) })
})

test('behavior: the body’s code is read once into the error’s code, from protocol’s signerErrorCodes', async () => {
  const failure = (await request(connection() as never, '/v1/lookup', { email: 'x@example.com' }).catch(
    (error: unknown) => error,
  )) as SignerRequestError
  expect(failure.code).toBe(JSON.parse(failure.message).code)
  expect(Object.values(signerErrorCodes)).toContain(failure.code)
})
