import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiError } from '../http/errors/ApiError.js'
import { createHttpSmsSender } from './createHttpSmsSender.js'

/*
 * No real SMS provider runs offline: a local HTTP server plays the Twilio-style API and checks each
 * request the sender makes (path, method, basic auth, form fields), answering as the provider would.
 */

type SeenRequest = {
  method: string
  url: string
  authorization?: string
  contentType?: string
  form: URLSearchParams
}

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

describe('createHttpSmsSender', () => {
  let server: Server
  let baseUrl: string
  const seen: SeenRequest[] = []
  let answer = { status: 201, body: '{"sid":"SM123","status":"queued"}' }
  beforeAll(async () => {
    server = createServer(async (request, response) => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        form: new URLSearchParams(await readBody(request)),
      })
      response.writeHead(answer.status, { 'content-type': 'application/json' })
      response.end(answer.body)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
  })

  const sender = () =>
    createHttpSmsSender({ baseUrl, accountSid: 'AC0123', authToken: 'tok-secret', from: '+15005550006' })

  test('default: one form POST to Accounts/<sid>/Messages.json with basic auth, To, From and Body', async () => {
    seen.length = 0
    answer = { status: 201, body: '{"sid":"SM123","status":"queued"}' }
    await sender().send({ to: '+14155550123', body: '123456 is your Acme code.' })
    expect(seen).toHaveLength(1)
    const [request] = seen
    expect(request?.method).toBe('POST')
    expect(request?.url).toBe('/2010-04-01/Accounts/AC0123/Messages.json')
    expect(request?.authorization).toBe(`Basic ${Buffer.from('AC0123:tok-secret').toString('base64')}`)
    expect(request?.contentType).toBe('application/x-www-form-urlencoded')
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      To: '+14155550123',
      From: '+15005550006',
      Body: '123456 is your Acme code.',
    })
  })

  test("error: a refusal of the provider is SMS_NOT_SENT without the provider's body", async () => {
    answer = { status: 400, body: '{"code":21211,"message":"The To number +14155550123 is not valid"}' }
    const failure = await sender()
      .send({ to: '+14155550123', body: '123456 is your Acme code.' })
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ApiError)
    expect((failure as ApiError).errorCode).toBe('SMS_NOT_SENT')
    expect((failure as ApiError).message).toBe('the SMS provider answered 400')
    expect(JSON.stringify(failure)).not.toContain('tok-secret')
  })
})
