import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { createApiKeyStamp } from '@sigil/protocol'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { storeDialects } from '../store/test/storeDialects.js'
import { createTestServer, type TestKey, type TestServer } from './createTestServer.js'
import { createUserSubOrganization, type UserSubOrganization } from './createUserSubOrganization.js'
import { type LocalListener, serveOnLocalPort } from './serveOnLocalPort.js'

/** The HTTP edge of the server through a real TCP listener (`@hono/node-server`), with plain fetch. */

/** Sends `request` as raw bytes and reads until the server closes the connection. */
const rawHttp = (url: string, request: string) =>
  new Promise<string>((resolve, reject) => {
    const { hostname, port } = new URL(url)
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.end(request))
    let response = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk) => {
      response += chunk
    })
    socket.on('end', () => resolve(response))
    socket.on('error', reject)
  })

describe.each(storeDialects)('the real listener on %s', (dialect) => {
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

  const stampedWhoami = async (key: TestKey = server.rootKey) => {
    const body = JSON.stringify({ organizationId: server.rootOrganizationId })
    const stamp = await createApiKeyStamp({ body, privateKey: key.privateKey })
    return fetch(`${listener.url}/public/v1/query/whoami`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', [stamp.stampHeaderName]: stamp.stampHeaderValue },
    })
  }

  test('default: a stamped whoami answers 200 with the root organization', async () => {
    const response = await stampedWhoami()
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await response.json()).toMatchObject({
      organizationId: server.rootOrganizationId,
      username: 'root',
    })
  })

  test('behavior: a browser preflight is answered with the stamp headers allowed', async () => {
    const response = await fetch(`${listener.url}/public/v1/submit/create_wallet`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://app.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-stamp,x-stamp-webauthn,x-client-version',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-methods')).toContain('POST')
    const allowed = response.headers
      .get('access-control-allow-headers')
      ?.toLowerCase()
      .split(/\s*,\s*/)
    expect(allowed).toEqual(
      expect.arrayContaining(['content-type', 'x-stamp', 'x-stamp-webauthn', 'x-client-version']),
    )
  })

  test('behavior: the real response to a stamped request carries CORS headers too', async () => {
    const body = JSON.stringify({ organizationId: server.rootOrganizationId })
    const stamp = await createApiKeyStamp({ body, privateKey: server.rootKey.privateKey })
    const response = await fetch(`${listener.url}/public/v1/query/whoami`, {
      method: 'POST',
      body,
      headers: { Origin: 'https://app.example', [stamp.stampHeaderName]: stamp.stampHeaderValue },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
  })

  test('error: `curl -X POST …/whoami` (no body, no stamp) answers 401 JSON', async () => {
    const { host } = new URL(listener.url)
    const raw = await rawHttp(
      listener.url,
      `POST /public/v1/query/whoami HTTP/1.1\r\nHost: ${host}\r\nUser-Agent: curl/8.5.0\r\nAccept: */*\r\nConnection: close\r\n\r\n`,
    )
    const [head, ...rest] = raw.split('\r\n\r\n')
    expect(head).toMatch(/^HTTP\/1\.1 401 /)
    expect(head).toMatch(/^content-type: application\/json/im)
    const body = JSON.parse(rest.join('\r\n\r\n')) as { code: number; message: string }
    expect(body).toMatchObject({ code: 16, message: expect.any(String) })

    const viaFetch = await fetch(`${listener.url}/public/v1/query/whoami`, { method: 'POST' })
    expect(viaFetch.status).toBe(401)
    expect(await viaFetch.json()).toMatchObject({ code: 16 })
  })

  test('error: a 2 MB body is refused with 413 JSON and the server keeps answering', async () => {
    const body = JSON.stringify({
      organizationId: server.rootOrganizationId,
      padding: 'x'.repeat(2 * 1024 * 1024),
    })
    const stamp = await createApiKeyStamp({ body, privateKey: server.rootKey.privateKey })
    const response = await fetch(`${listener.url}/public/v1/query/whoami`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', [stamp.stampHeaderName]: stamp.stampHeaderValue },
    })
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({
      code: 11,
      message: 'request body is larger than 262144 bytes',
    })
    const next = await Promise.all(Array.from({ length: 20 }, () => stampedWhoami()))
    expect(next.map((each) => each.status)).toEqual(Array(20).fill(200))
  })

  test('regression: a 413 closes its connection, so keep-alive clients do not reuse a half-read socket', async () => {
    // The refused body is left unread; @hono/node-server used to drop that socket 500 ms later while
    // fetch still pooled it, and the next request on it failed with "other side closed".
    const response = await fetch(`${listener.url}/public/v1/query/whoami`, {
      method: 'POST',
      body: 'x'.repeat(2 * 1024 * 1024),
      headers: { 'x-stamp': 'irrelevant' },
    })
    expect(response.status).toBe(413)
    expect(response.headers.get('connection')).toBe('close')
    await new Promise((resolve) => setTimeout(resolve, 600))
    const next = await Promise.all(Array.from({ length: 20 }, () => stampedWhoami()))
    expect(next.map((each) => each.status)).toEqual(Array(20).fill(200))
  })

  test('error: a 2 MB body streamed without Content-Length is refused with 413 too', async () => {
    // node:http reports the response as soon as it arrives, while the body is still being sent
    // (fetch instead fails the request once the server answers early and closes the socket).
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(`${listener.url}/public/v1/query/whoami`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-stamp': 'irrelevant',
          'transfer-encoding': 'chunked',
        },
      })
      request.on('response', (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk) => {
          text += chunk
        })
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
        response.on('error', reject)
      })
      request.on('error', () => {}) // EPIPE/ECONNRESET once the server stops reading is expected
      const chunk = 'x'.repeat(64 * 1024)
      let sent = 0
      const write = () => {
        while (sent < 2 * 1024 * 1024 && !request.destroyed) {
          sent += chunk.length
          if (!request.write(chunk)) return void request.once('drain', write)
        }
        request.end()
      }
      write()
    })
    expect(status).toBe(413)
    expect(JSON.parse(body)).toMatchObject({ code: 11 })
    expect((await stampedWhoami()).status).toBe(200)
  })

  test('behavior: 200 concurrent stamped whoami requests all succeed', async () => {
    const keys = await Promise.all(
      Array.from({ length: 4 }, () =>
        server.addApiKey({ organizationId: server.rootOrganizationId, userId: server.rootUserId }),
      ),
    )
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) => stampedWhoami(keys[index % 4])),
    )
    expect(responses.map((response) => response.status)).toEqual(Array(200).fill(200))
    const bodies = (await Promise.all(responses.map((response) => response.json()))) as {
      organizationId: string
    }[]
    expect(new Set(bodies.map((body) => body.organizationId))).toEqual(new Set([server.rootOrganizationId]))
  })

  test('behavior: 64 concurrent sign_raw_payload are each committed before their answer; a repeated body gets the same activity', async () => {
    // On SQLite the writes go through the writer thread (one message per group commit).
    const user = await createUserSubOrganization(server, { email: 'burst@example.com', name: 'burst' })
    const bodies = Array.from({ length: 32 }, (_, index) =>
      JSON.stringify({
        type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
        timestampMs: String(Date.now()),
        organizationId: user.organizationId,
        parameters: {
          signWith: user.ethereumAddress,
          payload: index.toString(16).padStart(64, '0'),
          encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
          hashFunction: 'HASH_FUNCTION_NO_OP',
        },
      }),
    )
    const send = async (body: string) => {
      const stamp = await createApiKeyStamp({ body, privateKey: user.key.privateKey })
      const response = await fetch(`${listener.url}/public/v1/submit/sign_raw_payload`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', [stamp.stampHeaderName]: stamp.stampHeaderValue },
      })
      expect(response.status).toBe(200)
      return ((await response.json()) as { activity: { id: string; status: string } }).activity
    }
    const activities = await Promise.all([...bodies, ...bodies].map(send))
    expect(new Set(activities.map((activity) => activity.status))).toEqual(
      new Set(['ACTIVITY_STATUS_COMPLETED']),
    )
    const ids = activities.map((activity) => activity.id)
    expect(ids.slice(32)).toEqual(ids.slice(0, 32))
    expect(new Set(ids).size).toBe(32)
    // Answered means committed: a new connection sees every one of them.
    const other = await server.store.reopen()
    const stored = await other.db.selectFrom('activities').select('id').where('id', 'in', ids).execute()
    expect(stored).toHaveLength(32)
  })
  describe('sign_raw_payload on the listener (signRawPayloadListener)', () => {
    let user: UserSubOrganization
    beforeAll(async () => {
      user = await createUserSubOrganization(server, { email: 'hot-path@example.com', name: 'hot path' })
    })
    const url = () => `${listener.url}/public/v1/submit/sign_raw_payload`
    const signBody = (payload: string) =>
      JSON.stringify({
        type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
        timestampMs: String(Date.now()),
        organizationId: user.organizationId,
        parameters: {
          signWith: user.ethereumAddress,
          payload,
          encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
          hashFunction: 'HASH_FUNCTION_NO_OP',
        },
      })
    const stampHeaders = async (body: string, key: TestKey = user.key) => {
      const stamp = await createApiKeyStamp({ body, privateKey: key.privateKey })
      return { 'content-type': 'application/json', [stamp.stampHeaderName]: stamp.stampHeaderValue }
    }
    const answerHeaders = (response: Response) => {
      const headers: Record<string, string> = {}
      response.headers.forEach((value, name) => {
        // X-Request-Id differs per request (http/requestId.ts); each answer must have one.
        if (!['content-length', 'date', 'connection', 'keep-alive', 'x-request-id'].includes(name))
          headers[name] = value
      })
      return headers
    }
    const digest = (index: number) => index.toString(16).padStart(64, 'a')

    test('behavior: the same answer and headers as the route in process (app.request)', async () => {
      const body = signBody(digest(1))
      const onListener = await fetch(url(), { method: 'POST', body, headers: await stampHeaders(body) })
      // The same body again, in process: the stored activity, through createPublicApiRoutes.
      const inProcess = await server.app.request('/public/v1/submit/sign_raw_payload', {
        method: 'POST',
        body,
        headers: await stampHeaders(body),
      })
      expect(onListener.status).toBe(200)
      expect(inProcess.status).toBe(200)
      expect(await onListener.json()).toEqual(await inProcess.json())
      expect(answerHeaders(onListener)).toEqual(answerHeaders(inProcess))
      expect(onListener.headers.get('x-request-id')).toBeTruthy()
      expect(inProcess.headers.get('x-request-id')).toBeTruthy()
      expect(answerHeaders(onListener)).toEqual({
        'access-control-allow-origin': '*',
        'cache-control': 'no-store',
        'content-type': 'application/json',
      })
    })

    test("regression: every answer carries its own Content-Length (one headers object shared by all answers kept the first answer's length, which cut longer answers short)", async () => {
      // A payload with `0x` makes a longer intent, so a longer answer than the one before it.
      for (const payload of [digest(2), `0x${digest(3)}`, digest(4), `0x${digest(5)}`]) {
        const body = signBody(payload)
        const response = await fetch(url(), { method: 'POST', body, headers: await stampHeaders(body) })
        const text = await response.text()
        expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(text))
        expect(JSON.parse(text)).toMatchObject({ activity: { status: 'ACTIVITY_STATUS_COMPLETED' } })
      }
    })

    test('error: a stamp over another body is a 401 with the CORS header, and no activity', async () => {
      const body = signBody(digest(6))
      const response = await fetch(url(), {
        method: 'POST',
        body,
        headers: await stampHeaders(signBody(digest(7))),
      })
      expect(response.status).toBe(401)
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
      expect(await response.json()).toMatchObject({ message: 'could not verify api key signature' })
      const stored = await server.store.db
        .selectFrom('activities')
        .select('id')
        .where('intent', 'like', `%${digest(6)}%`)
        .execute()
      expect(stored).toHaveLength(0)
    })

    test('error: malformed JSON, a missing stamp and an oversized body get the usual answers', async () => {
      const malformed = await fetch(url(), { method: 'POST', body: '{', headers: await stampHeaders('{') })
      expect(malformed.status).toBe(400)
      expect(await malformed.json()).toMatchObject({ message: 'malformed JSON body' })
      const unstamped = await fetch(url(), { method: 'POST', body: signBody(digest(8)) })
      expect(unstamped.status).toBe(401)
      expect(await unstamped.json()).toMatchObject({
        code: 16,
        message: expect.stringContaining('without a stamp'),
      })
      const oversized = await fetch(url(), {
        method: 'POST',
        body: 'x'.repeat(2 * 1024 * 1024),
        headers: { 'x-stamp': 'irrelevant' },
      })
      expect(oversized.status).toBe(413)
      expect(oversized.headers.get('connection')).toBe('close')
    })
  })
})
