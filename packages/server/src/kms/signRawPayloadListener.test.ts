import { createApiKeyStamp } from '@sigil/protocol'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { signRawPayloadBody } from '../cli/test/signRawPayloadBody.js'
import { createLogger } from '../log/createLogger.js'
import { createTestServer, type TestServer } from '../test/createTestServer.js'
import { createUserSubOrganization, type UserSubOrganization } from '../test/createUserSubOrganization.js'
import { type LocalListener, serveOnLocalPort } from '../test/serveOnLocalPort.js'

/** The signing hot path before Hono, through a real TCP listener; the answers are compared in listener.test.ts. */
describe('signRawPayloadListener', () => {
  const lines: Record<string, unknown>[] = []
  let server: TestServer
  let listener: LocalListener
  let user: UserSubOrganization
  beforeAll(async () => {
    server = await createTestServer('sqlite', {
      logger: createLogger({ write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) }),
    })
    listener = await serveOnLocalPort(server.app)
    user = await createUserSubOrganization(server, { email: 'listener@example.com', name: 'listener' })
  })
  afterAll(async () => {
    await listener?.close()
    await server?.cleanup()
  })

  const path = '/public/v1/submit/sign_raw_payload'
  const signBody = () => signRawPayloadBody(user.organizationId, user.ethereumAddress)
  const post = async (
    body: string,
    options: { stampedBody?: string; requestId?: string; url?: string } = {},
  ) => {
    const stamp = await createApiKeyStamp({
      body: options.stampedBody ?? body,
      privateKey: user.key.privateKey,
    })
    return fetch(`${listener.url}${options.url ?? path}`, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        [stamp.stampHeaderName]: stamp.stampHeaderValue,
        ...(options.requestId ? { 'x-request-id': options.requestId } : {}),
      },
    })
  }
  const requestLines = (requestId: string) =>
    lines.filter((line) => line.message === 'request' && line.requestId === requestId)
  const latencyCount = async (status: number) => {
    const text = await server.app.sigil.metrics.registry.metrics()
    const pattern = new RegExp(
      `^sigil_http_request_duration_seconds_count\\{method="POST",route="${path}",status="${status}"\\} (\\d+)$`,
      'm',
    )
    return Number(text.match(pattern)?.[1] ?? 0)
  }

  test('default: answers the activity with the caller’s X-Request-Id, logs one request line and times it', async () => {
    const before = await latencyCount(200)
    const response = await post(signBody(), { requestId: 'edge-7.signing' })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-request-id')).toBe('edge-7.signing')
    expect(await response.json()).toMatchObject({ activity: { status: 'ACTIVITY_STATUS_COMPLETED' } })
    expect(requestLines('edge-7.signing')).toEqual([
      expect.objectContaining({ level: 'info', method: 'POST', path, status: 200, ms: expect.any(Number) }),
    ])
    expect(await latencyCount(200)).toBe(before + 1)
  })

  test('behavior: an unsafe X-Request-Id is replaced by a new id', async () => {
    const response = await post(signBody(), { requestId: 'a b' })
    const id = response.headers.get('x-request-id')
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(requestLines(id!)).toHaveLength(1)
  })

  test('error: a stamp over another body is a 401 in the /public/v1 error format, logged and timed', async () => {
    const before = await latencyCount(401)
    const response = await post(signBody(), {
      stampedBody: signBody(),
      requestId: 'forged-1',
    })
    expect(response.status).toBe(401)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('x-request-id')).toBe('forged-1')
    expect(await response.json()).toMatchObject({ code: 16, message: 'could not verify api key signature' })
    expect(requestLines('forged-1')).toEqual([expect.objectContaining({ status: 401 })])
    expect(await latencyCount(401)).toBe(before + 1)
  })

  test('error: another user’s key cannot sign with this user’s wallet through the listener path', async () => {
    const other = await createUserSubOrganization(server, { email: 'other@example.com', name: 'other' })
    for (const organizationId of [user.organizationId, other.organizationId]) {
      const body = JSON.stringify({
        ...JSON.parse(signBody()),
        organizationId,
      })
      const stamp = await createApiKeyStamp({ body, privateKey: other.key.privateKey })
      const response = await fetch(`${listener.url}${path}`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', [stamp.stampHeaderName]: stamp.stampHeaderValue },
      })
      const answer = (await response.json()) as { activity?: unknown; message?: string }
      expect(response.status, answer.message).toBeGreaterThanOrEqual(400)
      expect(answer.activity).toBeUndefined()
    }
  })

  test('behavior: a request it does not take (a query string) gets the same answer from Hono’s route', async () => {
    const response = await post(signBody(), { url: `${path}?trace=1`, requestId: 'routed-1' })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ activity: { status: 'ACTIVITY_STATUS_COMPLETED' } })
    // Hono's request line names the path without the query string, and Hono's route label.
    expect(requestLines('routed-1')).toEqual([expect.objectContaining({ path, status: 200 })])
    const text = await server.app.sigil.metrics.registry.metrics()
    expect(text).toMatch(/route="\/public\/v1\/submit\/:[a-z]+",status="200"/)
  })
})
