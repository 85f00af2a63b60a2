import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, test } from 'vitest'
import { storeDialects } from '../../src/store/test/storeDialects.js'
import { createTargetKey } from '../../src/test/createTargetKey.js'
import { createTestServer, type TestServer } from '../../src/test/createTestServer.js'
import { type LocalListener, serveOnLocalPort } from '../../src/test/serveOnLocalPort.js'

/*
 * The dev SMS outbox shows sign-in codes: like the dev mailbox it exists only in dev mode without an
 * SMS provider and answers only a loopback `Host`. Outside dev mode a text goes to the provider or
 * nowhere. No real SMS provider runs offline: a local HTTP server plays the Twilio-style API.
 */

const getWithHost = (url: string, host: string) =>
  new Promise<number>((resolve, reject) => {
    const target = new URL(url)
    const sent = request(
      { host: target.hostname, port: target.port, path: target.pathname, headers: { host } },
      (response) => {
        response.resume()
        resolve(response.statusCode ?? 0)
      },
    )
    sent.once('error', reject)
    sent.end()
  })

describe.each(storeDialects)('dev SMS outbox on %s', (dialect) => {
  let server: TestServer | undefined
  let listener: LocalListener | undefined
  let provider: Server | undefined
  afterEach(async () => {
    await listener?.close()
    await server?.cleanup()
    if (provider) await new Promise((resolve) => provider?.close(resolve))
    server = listener = provider = undefined
  })

  test('error: the outbox answers a loopback Host only (DNS rebinding gets 403)', async () => {
    server = await createTestServer(dialect)
    listener = await serveOnLocalPort(server.app)
    expect(await getWithHost(`${listener.url}/dev/sms.json`, 'localhost')).toBe(200)
    expect(await getWithHost(`${listener.url}/dev/sms`, 'localhost')).toBe(200)
    expect(await getWithHost(`${listener.url}/dev/sms.json`, 'attacker.example')).toBe(403)
  })

  test('error: outside dev mode there is no outbox, and without a provider no text is sent', async () => {
    server = await createTestServer(dialect, { dev: false })
    expect((await server.app.request('/dev/sms.json')).status).toBe(404)
    const target = createTargetKey()
    const signup = await server.signer('/v1/signup', {
      phone: '+14155550301',
      targetPublicKey: target.publicKey,
    })
    expect(signup.status).toBe(400)
    expect(await signup.json()).toMatchObject({ code: 'SMS_DELIVERY_NOT_CONFIGURED' })
    expect(await server.store.db.selectFrom('dev_sms').selectAll().execute()).toEqual([])
  })

  test('default: with a provider the code goes to it, and signs in', async () => {
    const texts: URLSearchParams[] = []
    provider = createServer((incoming, response) => {
      let body = ''
      incoming.setEncoding('utf8')
      incoming.on('data', (chunk: string) => {
        body += chunk
      })
      incoming.on('end', () => {
        if (incoming.url === '/2010-04-01/Accounts/AC9/Messages.json') texts.push(new URLSearchParams(body))
        response.writeHead(201, { 'content-type': 'application/json' }).end('{"sid":"SM1"}')
      })
    })
    await new Promise<void>((resolve) => provider?.listen(0, '127.0.0.1', resolve))
    const baseUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`
    server = await createTestServer(dialect, {
      dev: false,
      smsProvider: { baseUrl, accountSid: 'AC9', authToken: 'secret', from: '+15005550006' },
    })
    const target = createTargetKey()
    const signup = await server.signer('/v1/signup', {
      phone: '+14155550302',
      targetPublicKey: target.publicKey,
    })
    expect(signup.status).toBe(200)
    const { orgId, otpId } = (await signup.json()) as { orgId: string; otpId: string }
    expect(texts).toHaveLength(1)
    expect(texts[0]?.get('To')).toBe('+14155550302')
    expect(texts[0]?.get('From')).toBe('+15005550006')
    const code = texts[0]?.get('Body')?.match(/^(\d{6}) is your test app code\./)?.[1]
    expect(code).toMatch(/^\d{6}$/)
    const otp = await server.signer('/v1/otp', {
      orgId,
      otpId,
      otpCode: code,
      targetPublicKey: target.publicKey,
    })
    expect(otp.status).toBe(200)
    expect(await server.store.db.selectFrom('dev_sms').selectAll().execute()).toEqual([])
  })
})
