import { createApiKeyStamp } from '@sigil/protocol'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { storeDialects } from '../../src/store/test/storeDialects.js'
import {
  createTestServer,
  generateTestKey,
  type TestKey,
  type TestServer,
} from '../../src/test/createTestServer.js'
import { ethereumAccount } from '../../src/test/createUserSubOrganization.js'
import { type LocalListener, serveOnLocalPort } from '../../src/test/serveOnLocalPort.js'

/**
 * Hole 10, request input: a 60,000-deep JSON body to a stamped endpoint overflowed the stack after
 * parsing and answered 500; unknown `parameters` fields were stored verbatim in the activity's intent.
 * Now JSON nested deeper than 64 levels is a 400 `JSON_TOO_DEEP` before it is parsed, and the intent
 * holds the parameters as the activity's schema read them.
 */

/** `[[[…]]]`, `depth` levels. */
const deepJson = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

describe.each(storeDialects)('request input on %s', (dialect) => {
  let server: TestServer
  let listener: LocalListener
  beforeAll(async () => {
    server = await createTestServer(dialect)
    listener = await serveOnLocalPort(server.app)
  })
  afterAll(async () => {
    await listener?.close()
    await server?.cleanup()
  })

  /** POSTs `text` exactly as stamped by `key` through the listener. */
  const postStamped = async (path: string, text: string, key: TestKey = server.rootKey) => {
    const stamp = await createApiKeyStamp({ body: text, privateKey: key.privateKey })
    return fetch(`${listener.url}${path}`, {
      method: 'POST',
      body: text,
      headers: { 'content-type': 'application/json', [stamp.stampHeaderName]: stamp.stampHeaderValue },
    })
  }
  const postSigner = (path: string, text: string) =>
    fetch(`${listener.url}/signer${path}`, {
      method: 'POST',
      body: text,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.signerApp.apiKey}` },
    })
  const envelope = (type: string, parameters: string) =>
    `{"type":"${type}","timestampMs":"${Date.now()}","organizationId":"${server.rootOrganizationId}","parameters":${parameters}}`
  const whoamiAnswers = async () => {
    const response = await postStamped(
      '/public/v1/query/whoami',
      JSON.stringify({ organizationId: server.rootOrganizationId }),
    )
    expect(response.status).toBe(200)
  }
  /** The `/public/v1` error body: `{ error, code }` plus the Turnkey error code in `details`. */
  const expectPublicTooDeep = async (response: Response) => {
    expect(response.status).toBe(400)
    const body = (await response.json()) as {
      error: string
      code: number
      details: { turnkeyErrorCode?: string }[]
    }
    expect(body).toMatchObject({ error: 'JSON nested deeper than 64 levels', code: 3 })
    expect(body.details[0]?.turnkeyErrorCode).toBe('JSON_TOO_DEEP')
  }

  test('error: hole 10 — a 60,000-deep body to /public/v1/submit is a 400 JSON_TOO_DEEP, and the server answers on', async () => {
    const text = envelope(
      'ACTIVITY_TYPE_CREATE_WALLET',
      `{"walletName":"deep","accounts":[],"deep":${deepJson(60_000)}}`,
    )
    await expectPublicTooDeep(await postStamped('/public/v1/submit/create_wallet', text))
    await expectPublicTooDeep(
      await postStamped(
        '/public/v1/submit/sign_raw_payload',
        envelope('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', deepJson(60_000)),
      ),
    )
    await whoamiAnswers()
  })

  test('error: hole 10 — a 60,000-deep body to /public/v1/query is a 400 JSON_TOO_DEEP', async () => {
    const text = `{"organizationId":"${server.rootOrganizationId}","deep":${deepJson(60_000)}}`
    await expectPublicTooDeep(await postStamped('/public/v1/query/whoami', text))
    await whoamiAnswers()
  })

  test('error: hole 10 — deep JSON to /signer/v1, in the body or in stampedRequest.body, is a 400 JSON_TOO_DEEP', async () => {
    const deepBody = await postSigner('/v1/lookup', `{"email":"ada@example.com","deep":${deepJson(60_000)}}`)
    expect(deepBody.status).toBe(400)
    expect(await deepBody.json()).toEqual({
      error: 'JSON nested deeper than 64 levels',
      code: 'JSON_TOO_DEEP',
    })

    // stampedRequest.body is at most 65,536 characters: 30,000 levels.
    const inner = `{"organizationId":"${server.rootOrganizationId}","deep":${deepJson(30_000)}}`
    const stamp = await createApiKeyStamp({ body: inner, privateKey: server.rootKey.privateKey })
    const deepInner = await postSigner(
      '/v1/whoami',
      JSON.stringify({ stampedRequest: { body: inner, stamp } }),
    )
    expect(deepInner.status).toBe(400)
    expect(await deepInner.json()).toEqual({
      error: 'JSON nested deeper than 64 levels',
      code: 'JSON_TOO_DEEP',
    })

    const signed = await postSigner(
      '/v1/sign-payload',
      JSON.stringify({
        stampedRequest: {
          body: envelope('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', deepJson(30_000)),
          stamp: await createApiKeyStamp({
            body: envelope('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', deepJson(30_000)),
            privateKey: server.rootKey.privateKey,
          }),
        },
      }),
    )
    expect(signed.status).toBe(400)
    expect(((await signed.json()) as { code: string }).code).toBe('JSON_TOO_DEEP')
    await whoamiAnswers()
  })

  test('error: hole 10 — unknown parameters fields are not stored in the activity', async () => {
    const apiKey = generateTestKey()
    const text = envelope(
      'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
      JSON.stringify({
        userId: server.rootUserId,
        apiKeys: [
          {
            apiKeyName: 'smuggler',
            publicKey: apiKey.publicKey,
            curveType: 'API_KEY_CURVE_P256',
            note: '<script>alert(1)</script>',
          },
        ],
        smuggled: { payload: 'x'.repeat(1000) },
      }),
    )
    const submitted = await postStamped('/public/v1/submit/create_api_keys', text)
    expect(submitted.status).toBe(200)
    const { activity } = (await submitted.json()) as { activity: { id: string; intent: unknown } }
    const expectedIntent = {
      createApiKeysIntentV2: {
        userId: server.rootUserId,
        apiKeys: [{ apiKeyName: 'smuggler', publicKey: apiKey.publicKey, curveType: 'API_KEY_CURVE_P256' }],
      },
    }
    expect(activity.intent).toEqual(expectedIntent)

    const stored = await postStamped(
      '/public/v1/query/get_activity',
      JSON.stringify({ organizationId: server.rootOrganizationId, activityId: activity.id }),
    )
    expect(stored.status).toBe(200)
    const { activity: readBack } = (await stored.json()) as { activity: { intent: unknown } }
    expect(readBack.intent).toEqual(expectedIntent)
    expect(JSON.stringify(readBack)).not.toMatch(/smuggled|script/)
  })

  test('error: hole 10 — a wallet activity stores its accounts without unknown fields, and a replay still matches', async () => {
    const text = envelope(
      'ACTIVITY_TYPE_CREATE_WALLET',
      JSON.stringify({ walletName: 'w', accounts: [{ ...ethereumAccount, label: 'smuggled' }], extra: 1 }),
    )
    const first = await postStamped('/public/v1/submit/create_wallet', text)
    expect(first.status).toBe(200)
    const { activity } = (await first.json()) as { activity: { id: string; intent: unknown } }
    expect(activity.intent).toEqual({ createWalletIntent: { walletName: 'w', accounts: [ethereumAccount] } })
    // The fingerprint is over the exact body: the same body is the same activity.
    const replay = await postStamped('/public/v1/submit/create_wallet', text)
    expect(((await replay.json()) as { activity: { id: string } }).activity.id).toBe(activity.id)
  })
})
