import { afterEach, describe, expect, test } from 'vitest'
import { storeDialects } from '../store/test/storeDialects.js'
import { createTestServer, type TestServer } from '../test/createTestServer.js'
import { findSignInCode } from './findSignInCode.js'

type Listed = {
  messages: {
    id: string
    to: string
    subject: string
    text: string
    html: string
    createdAt: string
    code?: string
  }[]
}

describe('findSignInCode', () => {
  test('default: a 6-digit code or a magic link', () => {
    expect(findSignInCode('Your code is:\n\n    004217\n\nIt expires in 5 minutes.')).toBe('004217')
    expect(findSignInCode('Open:\n\nhttp://localhost:8787/signer/v1/magic-link?otpId=a-1&token=Zx_9\n')).toBe(
      'http://localhost:8787/signer/v1/magic-link?otpId=a-1&token=Zx_9',
    )
    expect(findSignInCode('no code; 1234567 is too long')).toBeUndefined()
  })
})

describe.each(storeDialects)('the dev mailbox on %s', (dialect) => {
  let server: TestServer
  afterEach(async () => {
    await server?.cleanup()
  })
  const send = (to: string, text: string) =>
    server.app.sigil.mailer.send({ to, subject: `for ${to}`, text, html: `<p>${text}</p>` })

  test('default: /dev/mailbox.json lists mail newest first with its code, filtered by ?to=', async () => {
    server = await createTestServer(dialect, { devMailbox: true })
    await send('ada@example.com', 'Your code:\n    111111\n')
    await send('bob@example.com', 'Your code:\n    222222\n')
    await send('ada@example.com', 'Your code:\n    333333\n')

    const response = await server.app.request('/dev/mailbox.json')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const { messages } = (await response.json()) as Listed
    expect(messages.map((message) => message.code)).toEqual(['333333', '222222', '111111'])
    expect(messages[0]).toEqual({
      id: expect.any(String),
      to: 'ada@example.com',
      subject: 'for ada@example.com',
      text: 'Your code:\n    333333\n',
      html: '<p>Your code:\n    333333\n</p>',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      code: '333333',
    })
    const filtered = (await (
      await server.app.request('/dev/mailbox.json?to=Ada@Example.com')
    ).json()) as Listed
    expect(filtered.messages.map((message) => message.code)).toEqual(['333333', '111111'])
  })

  test('behavior: /dev/mailbox is an escaped HTML page that refreshes every 3 seconds and highlights the code', async () => {
    server = await createTestServer(dialect, { devMailbox: true })
    await send('ada@example.com', '<b>not bold</b> code:\n    424242\n')
    const response = await server.app.request('/dev/mailbox')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await response.text()
    expect(html).toContain('<meta http-equiv="refresh" content="3">')
    expect(html).toContain('&lt;b&gt;not bold&lt;/b&gt;')
    expect(html).not.toContain('<b>not bold</b>')
    expect(html).toMatch(/<mark[^>]*>424242<\/mark>/)
  })

  test('error: a request naming another host than localhost, 127.0.0.1 or [::1] is refused with 403', async () => {
    server = await createTestServer(dialect, { devMailbox: true })
    await send('ada@example.com', 'Your code:\n    111111\n')
    for (const url of ['http://evil.example/dev/mailbox.json', 'http://evil.example:8787/dev/mailbox']) {
      const response = await server.app.request(url)
      expect(response.status).toBe(403)
      expect(await response.json()).toEqual({
        error: 'the dev mailbox answers only on a loopback host (localhost, 127.0.0.1, [::1])',
        code: 'DEV_MAILBOX_LOOPBACK_ONLY',
      })
    }
    expect((await server.app.request('http://127.0.0.1:8787/dev/mailbox.json')).status).toBe(200)
  })

  test('error: outside dev mode the dev mailbox routes do not exist, and mail is not kept', async () => {
    server = await createTestServer(dialect, { dev: false, env: {} })
    expect(server.app.sigil.config.devMailbox).toBe(false)
    await expect(send('ada@example.com', 'Your code:\n    111111\n')).rejects.toThrow(
      'this server cannot send email',
    )
    for (const path of ['/dev/mailbox', '/dev/mailbox.json'])
      expect((await server.app.request(path)).status).toBe(404)
    expect(await server.store.db.selectFrom('dev_mail').selectAll().execute()).toEqual([])
  })

  test('error: with SMTP_URL set the dev mailbox routes do not exist', async () => {
    server = await createTestServer(dialect, { env: { SMTP_URL: 'smtp://127.0.0.1:2525' } })
    expect(server.app.sigil.config.devMailbox).toBe(false)
    for (const path of ['/dev/mailbox', '/dev/mailbox.json'])
      expect((await server.app.request(path)).status).toBe(404)
  })
})
