import { afterEach, beforeEach, expect, test } from 'vitest'
import { createTestServer, type TestServer } from '../../../server/src/test/createTestServer.js'
import { createApiKeyStamper } from './createApiKeyStamper.js'

let server: TestServer
beforeEach(async () => {
  server = await createTestServer('sqlite')
})
afterEach(async () => {
  await server.cleanup()
})

test('default: a backend calls /public/v1 whoami with its API key', async () => {
  const stamper = createApiKeyStamper(server.rootKey)
  const body = JSON.stringify({ organizationId: server.rootOrganizationId })
  const { stampHeaderName, stampHeaderValue } = await stamper.stamp(body)
  expect(stampHeaderName).toBe('X-Stamp')
  const response = await server.app.request('/public/v1/query/whoami', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', [stampHeaderName]: stampHeaderValue },
  })
  expect(response.status).toBe(200)
  expect(await response.json()).toMatchObject({
    organizationId: server.rootOrganizationId,
    userId: server.rootUserId,
  })
})

test('error: a stamp over another body is refused', async () => {
  const stamper = createApiKeyStamper(server.rootKey)
  const { stampHeaderName, stampHeaderValue } = await stamper.stamp('{}')
  const response = await server.app.request('/public/v1/query/whoami', {
    method: 'POST',
    body: JSON.stringify({ organizationId: server.rootOrganizationId }),
    headers: { 'content-type': 'application/json', [stampHeaderName]: stampHeaderValue },
  })
  expect(response.status).toBe(401)
})
