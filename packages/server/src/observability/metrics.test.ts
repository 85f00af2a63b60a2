import { base64urlEncode, createApiKeyStamp } from '@sigil/protocol'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSoftwarePasskey } from '../test/createSoftwarePasskey.js'
import { createTargetKey, stampRequest } from '../test/createTargetKey.js'
import { createTestServer, type TestServer, testAppOrigin } from '../test/createTestServer.js'
import { ethereumAccount } from '../test/createUserSubOrganization.js'
import { type LocalListener, serveOnLocalPort } from '../test/serveOnLocalPort.js'
import { type AdminListener, serveAdmin } from './serveAdmin.js'

/** /metrics on a real admin listener, after real requests to the main listener. */

/** The value of the sample `name{labels…}` in Prometheus text, or undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue
    if (!Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`))) continue
    return Number(line.slice(line.lastIndexOf(' ') + 1))
  }
  return undefined
}

describe('metrics', () => {
  let server: TestServer
  let listener: LocalListener
  let admin: AdminListener
  const scrape = async () => {
    const response = await fetch(`${admin.url}/metrics`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    return response.text()
  }
  const signer = (path: string, body: unknown) =>
    fetch(`${listener.url}/signer${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.signerApp.apiKey}` },
    })

  beforeAll(async () => {
    server = await createTestServer('sqlite', { rateLimits: { lookupsPerIp: { points: 1, duration: 600 } } })
    listener = await serveOnLocalPort(server.app)
    admin = await serveAdmin(server.app.sigil, { port: 0 })
  })
  afterAll(async () => {
    await admin?.close()
    await listener?.close()
    await server?.cleanup()
  })

  test('default: /metrics serves the process metrics and no request counts yet on a new server', async () => {
    const text = await scrape()
    expect(text).toContain('# TYPE process_cpu_user_seconds_total counter')
    expect(text).toContain('# TYPE sigil_http_request_duration_seconds histogram')
    expect(text).toContain('# TYPE sigil_activities_total counter')
    expect(sample(text, 'sigil_sign_ins_total', { method: 'email' })).toBeUndefined()
    // SQLite: the group-commit queue, empty while nothing writes.
    expect(sample(text, 'sigil_db_write_queue_depth')).toBe(0)
  })

  test('behavior: /metrics is not served on the main listener', async () => {
    const response = await fetch(`${listener.url}/metrics`)
    expect(response.status).toBe(404)
    expect(await response.text()).not.toContain('sigil_')
  })

  test('behavior: a sign-in, an activity and a rate-limit refusal move their counters', async () => {
    // Email sign-in over the main listener: signup mails a code, /v1/otp takes it, whoami with the session.
    const target = createTargetKey()
    const signup = await signer('/v1/signup', { email: 'ada@example.com', targetPublicKey: target.publicKey })
    expect(signup.status).toBe(200)
    const { orgId, otpId } = (await signup.json()) as { orgId: string; otpId: string }
    const mailbox = await fetch(`${listener.url}/dev/mailbox.json?to=ada%40example.com`)
    const { messages } = (await mailbox.json()) as { messages: { code: string }[] }
    const wrong = await signer('/v1/otp', {
      orgId,
      otpId,
      otpCode: messages[0]!.code === '000000' ? '111111' : '000000',
      targetPublicKey: target.publicKey,
    })
    expect(wrong.status).toBeGreaterThanOrEqual(400)
    const otp = await signer('/v1/otp', {
      orgId,
      otpId,
      otpCode: messages[0]!.code,
      targetPublicKey: target.publicKey,
    })
    expect(otp.status).toBe(200)
    const { credentialBundle } = (await otp.json()) as { credentialBundle: string }
    const session = await target.open(credentialBundle)
    const whoami = await signer('/v1/whoami', {
      stampedRequest: await stampRequest({ organizationId: orgId }, session),
    })
    expect(whoami.status).toBe(200)

    // An activity, stamped with the root key, over the main listener.
    const body = JSON.stringify({
      type: 'ACTIVITY_TYPE_CREATE_WALLET',
      timestampMs: String(Date.now()),
      organizationId: server.rootOrganizationId,
      parameters: { walletName: 'metrics', accounts: [ethereumAccount] },
    })
    const stamp = await createApiKeyStamp({ body, privateKey: server.rootKey.privateKey })
    const wallet = await fetch(`${listener.url}/public/v1/submit/create_wallet`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', [stamp.stampHeaderName]: stamp.stampHeaderValue },
    })
    expect(wallet.status).toBe(200)

    // The lookup limit of this server is one per IP: the second is refused.
    expect((await signer('/v1/lookup', { email: 'ada@example.com' })).status).toBe(200)
    expect((await signer('/v1/lookup', { email: 'ada@example.com' })).status).toBe(429)

    const text = await scrape()
    expect(sample(text, 'sigil_sign_ins_total', { method: 'signup', outcome: 'success' })).toBe(1)
    expect(sample(text, 'sigil_sign_ins_total', { method: 'email', outcome: 'failure' })).toBe(1)
    expect(sample(text, 'sigil_sign_ins_total', { method: 'email', outcome: 'success' })).toBe(1)
    expect(sample(text, 'sigil_sign_ins_total', { method: 'session', outcome: 'success' })).toBe(1)
    expect(
      sample(text, 'sigil_activities_total', {
        type: 'ACTIVITY_TYPE_CREATE_WALLET',
        status: 'ACTIVITY_STATUS_COMPLETED',
      }),
    ).toBe(1)
    expect(sample(text, 'sigil_rate_limit_refusals_total', { limit: 'lookupsPerIp' })).toBe(1)
    // Latency by route pattern and status, never the raw path.
    expect(
      sample(text, 'sigil_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/signer/v1/lookup',
        status: '429',
      }),
    ).toBe(1)
    expect(
      sample(text, 'sigil_http_request_duration_seconds_count', {
        route: '/public/v1/submit/:name',
        status: '200',
      }),
    ).toBe(1)
    expect(text).not.toContain('ada@example.com')
    expect(text).not.toContain(orgId)
  })

  test('behavior: a passkey sign-up and a passkey-stamped whoami count as signup and passkey', async () => {
    const count = async (method: string) =>
      sample(await scrape(), 'sigil_sign_ins_total', { method, outcome: 'success' }) ?? 0
    const [signups, passkeys] = [await count('signup'), await count('passkey')]
    const passkey = createSoftwarePasskey({ rpId: 'localhost', origin: testAppOrigin })
    const challenge = base64urlEncode(crypto.getRandomValues(new Uint8Array(32)))
    const { credentialId, clientDataJson, attestationObject, transports } = passkey.register(challenge)
    const signup = await signer('/v1/signup', {
      passkey: { challenge, attestation: { credentialId, clientDataJson, attestationObject, transports } },
    })
    expect(signup.status).toBe(200)
    const body = JSON.stringify({ organizationId: server.rootOrganizationId })
    const login = await signer('/v1/whoami', {
      stampedRequest: {
        body,
        stamp: { stampHeaderName: 'X-Stamp-Webauthn', stampHeaderValue: passkey.stamp(body) },
        url: 'https://api.turnkey.com/public/v1/query/whoami',
      },
    })
    expect(login.status).toBe(200)
    expect(await count('signup')).toBe(signups + 1)
    expect(await count('passkey')).toBe(passkeys + 1)
  })

  test('behavior: two servers in one process keep their own counts', async () => {
    const other = await createTestServer('sqlite')
    try {
      const text = await other.app.sigil.metrics.registry.metrics()
      expect(sample(text, 'sigil_rate_limit_refusals_total', { limit: 'lookupsPerIp' })).toBeUndefined()
      expect(other.app.sigil.metrics.registry).not.toBe(server.app.sigil.metrics.registry)
    } finally {
      await other.cleanup()
    }
  })
})

describe('metrics on PostgreSQL', () => {
  test('default: the pool gauges count the pool behind the store', async () => {
    const server = await createTestServer('postgres')
    try {
      const text = await server.app.sigil.metrics.registry.metrics()
      expect(sample(text, 'sigil_db_pool_total')).toBeGreaterThanOrEqual(1)
      expect(sample(text, 'sigil_db_pool_idle')).toBeGreaterThanOrEqual(0)
      expect(sample(text, 'sigil_db_pool_waiting')).toBe(0)
    } finally {
      await server.cleanup()
    }
  })
})
