import { base64urlEncode, createApiKeyStamp, parseApiKeyStamp } from '@sigil/protocol'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { storeDialects } from '../../store/test/storeDialects.js'
import { createTestServer, type TestServer } from '../../test/createTestServer.js'

describe.each(storeDialects)('authenticateApiKeyStamp on %s', (dialect) => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(dialect)
  })
  afterAll(() => server.cleanup())

  const whoami = async (changeStamp: (stamp: ReturnType<typeof parseApiKeyStamp>) => object) => {
    const body = JSON.stringify({ organizationId: server.rootOrganizationId })
    const { stampHeaderValue } = await createApiKeyStamp({ body, privateKey: server.rootKey.privateKey })
    const stamp = changeStamp(parseApiKeyStamp(stampHeaderValue))
    return server.app.request('/public/v1/query/whoami', {
      method: 'POST',
      body,
      headers: { 'X-Stamp': base64urlEncode(JSON.stringify(stamp)) },
    })
  }

  test('default', async () => {
    const response = await whoami((stamp) => stamp)
    expect(response.status).toBe(200)
  })

  test('error: a registered key with a signature that is not DER gives 401 malformed activity stamp', async () => {
    // Regression: the stamp error escaped the auth layer and was answered 500.
    const response = await whoami((stamp) => ({ ...stamp, signature: `${stamp.signature}00` }))
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({
      message: 'malformed activity stamp',
      details: [{ turnkeyErrorCode: 'SIGNATURE_INVALID' }],
    })
  })

  test('error: a valid DER signature by another key gives 401 could not verify api key signature', async () => {
    const response = await whoami((stamp) => ({
      ...stamp,
      signature: `${stamp.signature.slice(0, -1)}${stamp.signature.at(-1) === '0' ? '1' : '0'}`,
    }))
    expect(response.status).toBe(401)
    expect(((await response.json()) as { message: string }).message).toBe(
      'could not verify api key signature',
    )
  })
})
