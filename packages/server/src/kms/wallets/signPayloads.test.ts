import { type Hex, hashMessage, recoverMessageAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestServer, type TestServer } from '../../test/createTestServer.js'
import { createUserSubOrganization, type UserSubOrganization } from '../../test/createUserSubOrganization.js'

type Signature = { r: string; s: string; v: string }

// The signing thread is off by default (signatures on the event loop, which every other signing test
// covers); these run the same activities with it on.
describe('signPayloads with the signing thread (signingThread: true)', () => {
  let server: TestServer
  let user: UserSubOrganization
  beforeAll(async () => {
    server = await createTestServer('sqlite', { signingThread: true })
    user = await createUserSubOrganization(server)
  })
  afterAll(() => server.cleanup())

  const sign = async (path: string, type: string, parameters: unknown) => {
    const response = await server.submit(path, type, parameters, {
      organizationId: user.organizationId,
      key: user.key,
    })
    expect(response.status).toBe(200)
    return ((await response.json()) as { activity: { result: Record<string, unknown> } }).activity.result
  }
  const recover = (message: string, { r, s, v }: Signature) =>
    recoverMessageAddress({ message, signature: `0x${r}${s}${v === '00' ? '1b' : '1c'}` as Hex })

  test('default: sign_raw_payload signs on the thread and recovers to the address', async () => {
    expect(server.app.sigil.signingThread).toBeDefined()
    const result = await sign('sign_raw_payload', 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', {
      signWith: user.ethereumAddress,
      payload: hashMessage('from the signing thread'),
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_NO_OP',
    })
    const signature = result.signRawPayloadResult as Signature
    expect(signature.s).toMatch(/^[0-9a-f]{64}$/)
    expect(await recover('from the signing thread', signature)).toBe(user.ethereumAddress)
  })

  test('behavior: sign_raw_payloads keeps the order of its payloads', async () => {
    const messages = ['first', 'second', 'third']
    const result = await sign('sign_raw_payloads', 'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS', {
      signWith: user.ethereumAddress,
      payloads: messages.map((message) => hashMessage(message)),
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_NO_OP',
    })
    const { signatures } = result.signRawPayloadsResult as { signatures: Signature[] }
    expect(signatures).toHaveLength(3)
    const recovered = await Promise.all(
      messages.map((message, index) => recover(message, signatures[index]!)),
    )
    expect(recovered).toEqual(messages.map(() => user.ethereumAddress))
  })
})

describe('signPayloads by default', () => {
  test('default: no signing thread is started', async () => {
    const server = await createTestServer('sqlite')
    try {
      expect(server.app.sigil.signingThread).toBeUndefined()
    } finally {
      await server.cleanup()
    }
  })
})
