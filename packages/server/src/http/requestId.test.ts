import { Hono } from 'hono'
import { expect, test } from 'vitest'
import { createLogger } from '../log/createLogger.js'
import { currentRequestId } from '../log/requestContext.js'
import { handleError } from './handleError.js'
import { requestId } from './requestId.js'

const appWithLog = () => {
  const lines: Record<string, unknown>[] = []
  const logger = createLogger({ write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) })
  const app = new Hono()
  app.use('*', requestId(logger))
  app.onError(handleError(logger))
  app.get('/boom', () => {
    throw new Error('insert into secrets')
  })
  app.get('/x', async (c) => {
    logger.info('inside the route')
    await new Promise((resolve) => setTimeout(resolve, 1))
    logger.warn('after an await')
    return c.json({ ok: true })
  })
  return { app, lines }
}

test('default: a generated id is answered in X-Request-Id and carried by every line of the request', async () => {
  const { app, lines } = appWithLog()
  const response = await app.request('/x?code=123456')
  expect(response.status).toBe(200)
  const id = response.headers.get('x-request-id')
  expect(id).toMatch(/^[0-9a-f-]{36}$/)
  expect(lines.map((line) => line.message)).toEqual(['inside the route', 'after an await', 'request'])
  for (const line of lines) expect(line.requestId).toBe(id)
  expect(lines[2]).toMatchObject({ method: 'GET', path: '/x', status: 200 })
  expect(JSON.stringify(lines)).not.toContain('123456')
})

test('behavior: a short safe incoming X-Request-Id is kept', async () => {
  const { app, lines } = appWithLog()
  const response = await app.request('/x', { headers: { 'x-request-id': 'edge-42.a:b_c' } })
  expect(response.headers.get('x-request-id')).toBe('edge-42.a:b_c')
  expect(lines.every((line) => line.requestId === 'edge-42.a:b_c')).toBe(true)
})

test('behavior: an unsafe or long incoming X-Request-Id is replaced', async () => {
  for (const given of ['a b', 'x'.repeat(65), '{"json":1}', 'id\u00e9']) {
    const { app } = appWithLog()
    const response = await app.request('/x', { headers: { 'x-request-id': given } })
    expect(response.headers.get('x-request-id')).not.toBe(given)
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  }
})

test('behavior: ids differ between requests and a 404 gets one too', async () => {
  const { app } = appWithLog()
  const [a, b] = await Promise.all([app.request('/x'), app.request('/missing')])
  expect(b.status).toBe(404)
  expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'))
  expect(b.headers.get('x-request-id')).toBeTruthy()
})

test('behavior: a 500 names the request id it answers in X-Request-Id, and its log line carries it', async () => {
  const { app, lines } = appWithLog()
  const response = await app.request('/boom')
  expect(response.status).toBe(500)
  const id = response.headers.get('x-request-id')!
  expect(((await response.json()) as { error: string }).error).toBe(`internal error (request ${id})`)
  expect(lines.map((line) => [line.message, line.requestId])).toEqual([
    ['internal error', id],
    ['request', id],
  ])
  expect(lines[1]).toMatchObject({ status: 500 })
})

test('behavior: requests after the context was switched off between them still carry their ids', async () => {
  const lines: Record<string, unknown>[] = []
  const logger = createLogger({ write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) })
  const app = new Hono()
  app.use('*', requestId(logger))
  app.onError(handleError(logger))
  const seen: (string | undefined)[] = []
  app.get('/x', async (c) => {
    seen.push(currentRequestId())
    await new Promise((resolve) => setTimeout(resolve, 1))
    seen.push(currentRequestId())
    return c.json({ ok: true })
  })
  // As `@hono/node-server` calls it: the Node request in `env.incoming`.
  const onListener = (path: string) =>
    app.fetch(new Request(`http://127.0.0.1${path}`), { incoming: { method: 'GET', url: path, headers: {} } })

  const first = await onListener('/x')
  expect(currentRequestId()).toBeUndefined()
  const second = await onListener('/x')

  expect(seen).toEqual([
    first.headers.get('x-request-id'),
    first.headers.get('x-request-id'),
    second.headers.get('x-request-id'),
    second.headers.get('x-request-id'),
  ])
  expect(lines.map((line) => [line.message, line.requestId])).toEqual([
    ['request', first.headers.get('x-request-id')],
    ['request', second.headers.get('x-request-id')],
  ])
})
