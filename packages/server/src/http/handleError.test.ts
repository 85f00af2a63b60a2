import { Hono } from 'hono'
import { expect, test } from 'vitest'
import { createLogger } from '../log/createLogger.js'
import { ApiError } from './errors/ApiError.js'
import { handleError } from './handleError.js'

const appWith = (error: Error) => {
  const lines: string[] = []
  const app = new Hono()
  app.onError(handleError(createLogger({ write: (line) => lines.push(line) })))
  app.get('/public/v1/x', () => {
    throw error
  })
  app.get('/signer/v1/x', () => {
    throw error
  })
  return { app, lines }
}

test('default: an ApiError is answered with its status and the public error body', async () => {
  const { app, lines } = appWith(
    new ApiError('NOT_FOUND', 'wallet not found: w1', { errorCode: 'NOT_FOUND' }),
  )
  const response = await app.request('/public/v1/x')
  expect(response.status).toBe(404)
  expect(await response.json()).toEqual({
    code: 5,
    message: 'wallet not found: w1',
    error: 'wallet not found: w1',
    details: [{ '@type': 'type.googleapis.com/errors.v1.TurnkeyErrorDetail', turnkeyErrorCode: 'NOT_FOUND' }],
  })
  expect(lines).toEqual([])
})

test('behavior: an unexpected error is a 500 that shows and logs neither its message nor its stack', async () => {
  const secret = Object.assign(new Error('insert into wallets values (sealed: 5e5e5e)'), {
    code: 'SQLITE_FULL',
  })
  const { app, lines } = appWith(secret)
  const response = await app.request('/public/v1/x')
  expect(response.status).toBe(500)
  const text = await response.text()
  expect(JSON.parse(text)).toMatchObject({
    code: 13,
    message: expect.stringMatching(/^internal error \(request [0-9a-f-]{36}\)$/),
  })
  expect(text).not.toContain('insert')
  expect(lines).toHaveLength(1)
  expect(lines[0]).toContain('SQLITE_FULL')
  expect(lines[0]).not.toMatch(/insert|5e5e5e|at /)
})

test('behavior: under /signer errors are { error, code, data }, with Retry-After when given', async () => {
  const { app } = appWith(
    new ApiError('RESOURCE_EXHAUSTED', 'too many codes requested', {
      errorCode: 'RATE_LIMITED',
      retryAfterSeconds: 41.2,
      data: { multiFactors: [] },
    }),
  )
  const response = await app.request('/signer/v1/x')
  expect(response.status).toBe(429)
  expect(response.headers.get('retry-after')).toBe('42')
  expect(await response.json()).toEqual({
    error: 'too many codes requested',
    code: 'RATE_LIMITED',
    data: { multiFactors: [] },
  })
})
