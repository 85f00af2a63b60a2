import { activityTypes, queryNames } from '@sigil/protocol'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { signerRoutes } from '../signerRoutes.js'
import { storeDialects } from '../store/test/storeDialects.js'
import { createTestServer, type TestServer } from './createTestServer.js'

/** A small deterministic PRNG (mulberry32), so a failing case can be replayed from its seed. */
function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const fieldNames = [
  'email',
  'targetPublicKey',
  'expirationSeconds',
  'otpId',
  'otpCode',
  'orgId',
  'organizationId',
  'stampedRequest',
  'passkey',
  'multiFactors',
  'encryptedPayload',
  'multiFactorId',
  'multiFactorCode',
  'multiFactorIds',
  'nonce',
  'type',
  'timestampMs',
  'parameters',
  'walletId',
  'signWith',
  'payload',
  'redirectParams',
  'emailMode',
  'body',
  'stamp',
  'members',
  'evmSignerAddress',
  'fingerprint',
]

function malformedValue(next: () => number, depth = 0): unknown {
  const pick = Math.floor(next() * 14)
  switch (pick) {
    case 0:
      return null
    case 1:
      return Math.floor(next() * 2 ** 53) * (next() < 0.5 ? -1 : 1)
    case 2:
      return next() < 0.5
    case 3:
      return 'x'.repeat(Math.floor(next() * 100_000))
    case 4:
      return `04${'zz'.repeat(64)}`
    case 5:
      return '\u0000\ud800'
    case 6:
      return depth < 3 ? [malformedValue(next, depth + 1), malformedValue(next, depth + 1)] : []
    case 7:
      return depth < 3 ? malformedObject(next, depth + 1) : {}
    case 8:
      return {
        body: '{"organizationId":',
        stamp: { stampHeaderName: 'X-Stamp', stampHeaderValue: 'not-base64!' },
      }
    case 9:
      return {
        body: '{"organizationId":"x"}',
        stamp: { stampHeaderName: 'X-Stamp-Webauthn', stampHeaderValue: '{"credentialId":1}' },
      }
    case 10:
      return '2'.repeat(200)
    case 11:
      return 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2'
    case 12:
      return {
        challenge: 'abc',
        attestation: {
          credentialId: '%%%',
          clientDataJson: '',
          attestationObject: 'AAAA',
          transports: ['X'],
        },
      }
    default:
      return 1e308
  }
}

function malformedObject(next: () => number, depth = 0): Record<string, unknown> {
  const object: Record<string, unknown> = {}
  const count = Math.floor(next() * 6)
  for (let index = 0; index < count; index++)
    object[fieldNames[Math.floor(next() * fieldNames.length)]!] = malformedValue(next, depth)
  return object
}

function malformedBody(next: () => number): string {
  const kind = Math.floor(next() * 6)
  if (kind === 0) return '{"unterminated": '
  if (kind === 1) return JSON.stringify(malformedValue(next))
  if (kind === 2) return '\u0000'.repeat(10)
  return JSON.stringify(malformedObject(next))
}

const routes = [
  ...signerRoutes.map((route) => `/signer${route.path}`),
  ...queryNames.map((name) => `/public/v1/query/${name}`),
  ...Object.keys(activityTypes).map((name) => `/public/v1/submit/${name}`),
]

describe.each(storeDialects)('fuzz on %s', (dialect) => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(dialect)
  })
  afterAll(() => server.cleanup())

  test('behavior: 2,000 malformed bodies across every route get 4xx JSON, never a 5xx; the server stays healthy', async () => {
    const next = random(20_261_122)
    const failures: string[] = []
    let accepted = 0
    for (let index = 0; index < 2000; index++) {
      const path = routes[index % routes.length]!
      const body = malformedBody(next)
      const stamped = path.startsWith('/public/') && next() < 0.5
      const response = await server.app.request(path, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          ...(path.startsWith('/signer') ? { authorization: `Bearer ${server.signerApp.apiKey}` } : {}),
          ...(stamped ? { 'X-Stamp': next() < 0.5 ? 'e30' : 'bm90IGpzb24' } : {}),
        },
      })
      const text = await response.text()
      let json: unknown
      try {
        json = JSON.parse(text)
      } catch {
        json = undefined
      }
      const errorText = (json as { error?: unknown } | undefined)?.error
      // A random body may happen to be valid (signer-config takes any body): that is not a failure,
      // but a 5xx, a non-JSON answer, or a leaked stack or SQL text is.
      if (response.status < 400) accepted += 1
      else if (
        response.status >= 500 ||
        typeof errorText !== 'string' ||
        /\n\s+at |SQLITE|syntax error at/.test(text)
      )
        failures.push(`#${index} ${path} ${response.status}: ${text.slice(0, 200)} <- ${body.slice(0, 120)}`)
    }
    expect(failures).toEqual([])
    expect(accepted).toBeLessThan(200)
    const health = await server.app.request('/health')
    expect(await health.json()).toEqual({ status: 'ok' })
    const whoami = await server.post('/public/v1/query/whoami', { organizationId: server.rootOrganizationId })
    expect(whoami.status).toBe(200)
  }, 120_000)
})
