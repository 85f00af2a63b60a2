import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestServer, type TestServer } from '../test/createTestServer.js'

describe('bad input', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer('sqlite', { maxBodyBytes: 4096 })
  })
  afterAll(() => server.cleanup())

  const expectClientError = async (response: Response, status: number) => {
    expect(response.status).toBe(status)
    const text = await response.text()
    const body = JSON.parse(text) as Record<string, unknown>
    expect(body).toEqual({
      code: expect.any(Number),
      message: expect.any(String),
      error: expect.any(String),
      details: expect.any(Array),
    })
    expect(text).not.toMatch(/at .*\.ts:\d+|select |insert |SQLITE|sealed|privateKey/i)
    return body
  }

  test('error: malformed JSON is a 400', async () => {
    const body = await expectClientError(
      await server.post('/public/v1/query/whoami', '{"organizationId":'),
      400,
    )
    expect(body.message).toBe('malformed JSON body')
  })

  test('error: wrong types are a 400 naming the field', async () => {
    const body = await expectClientError(
      await server.post('/public/v1/query/whoami', { organizationId: 42 }),
      400,
    )
    expect(body.message).toMatch(/^invalid request: organizationId/)
  })

  test('error: a JSON array body is a 400', async () => {
    await expectClientError(await server.post('/public/v1/submit/create_wallet', []), 400)
  })

  test('error: an unknown activity type for a path is a 400', async () => {
    const body = await expectClientError(
      await server.submit('create_wallet', 'ACTIVITY_TYPE_CREATE_WALLET_V9', {
        walletName: 'x',
        accounts: [],
      }),
      400,
    )
    expect(body.message).toBe(
      'unsupported activity type ACTIVITY_TYPE_CREATE_WALLET_V9 for /public/v1/submit/create_wallet',
    )
  })

  test('error: an unknown activity path or query is a 404', async () => {
    await expectClientError(await server.submit('create_policy', 'ACTIVITY_TYPE_CREATE_POLICY_V3', {}), 404)
    await expectClientError(
      await server.post('/public/v1/query/get_policies', { organizationId: server.rootOrganizationId }),
      404,
    )
  })

  test('error: bad parameters are a 400 with every violation', async () => {
    const body = await expectClientError(
      await server.submit('create_wallet', 'ACTIVITY_TYPE_CREATE_WALLET', {
        walletName: '',
        accounts: [
          {
            curve: 'CURVE_ED25519',
            pathFormat: 'PATH_FORMAT_BIP32',
            path: 'x',
            addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
          },
        ],
        mnemonicLength: 13,
      }),
      400,
    )
    const violations = (body.details as { fieldViolations?: { field: string }[] }[]).flatMap(
      (detail) => detail.fieldViolations ?? [],
    )
    expect(violations.map((violation) => violation.field)).toEqual(
      expect.arrayContaining([
        'parameters.walletName',
        'parameters.accounts.0.path',
        'parameters.mnemonicLength',
      ]),
    )
  })

  test('error: a non-hardened Solana path is refused with a clear message', async () => {
    const body = await expectClientError(
      await server.submit('create_wallet', 'ACTIVITY_TYPE_CREATE_WALLET', {
        walletName: 'sol',
        accounts: [
          {
            curve: 'CURVE_ED25519',
            pathFormat: 'PATH_FORMAT_BIP32',
            path: "m/44'/501'/0'/0",
            addressFormat: 'ADDRESS_FORMAT_SOLANA',
          },
        ],
      }),
      400,
    )
    expect(body.message).toBe("cannot derive account at m/44'/501'/0'/0")
  })

  test('error: an oversized body is a 413', async () => {
    await expectClientError(
      await server.submit('create_wallet', 'ACTIVITY_TYPE_CREATE_WALLET', {
        walletName: 'x'.repeat(5000),
        accounts: [],
      }),
      413,
    )
  })

  test('error: GET on an API path is a 404 JSON', async () => {
    await expectClientError(await server.app.request('/public/v1/query/whoami'), 404)
  })

  test('behavior: CORS preflight allows the stamp headers', async () => {
    const response = await server.app.request('/public/v1/query/whoami', {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-stamp,content-type',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-stamp')
  })
})
