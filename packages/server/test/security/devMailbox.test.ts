import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, test } from 'vitest'
import { startTestSmtpServer, type TestSmtpServer } from '../../src/auth/email/test/startTestSmtpServer.js'
import { noMailDeliveryMessage } from '../../src/cli/startCommand.js'
import { storeDialects } from '../../src/store/test/storeDialects.js'
import { createTargetKey } from '../../src/test/createTargetKey.js'
import { createTestServer, type TestServer, testMasterKey } from '../../src/test/createTestServer.js'
import { type LocalListener, serveOnLocalPort } from '../../src/test/serveOnLocalPort.js'
import { spawnServer } from '../../src/test/spawnServer.js'

/**
 * Hole 4: the dev mailbox served every sign-in code at `/dev/mailbox.json` to anyone whenever no
 * `SMTP_URL` was set. It now exists only in dev mode, answers only a loopback `Host`, and
 * `sigil-server start` refuses to run without `--dev` and without `SMTP_URL`.
 */

type Answer = { status: number; body: { error?: string; code?: string; messages?: { code?: string }[] } }

/** A GET through the real listener with the `Host` header we choose (fetch may not set it). */
const getWithHost = (url: string, host: string) =>
  new Promise<Answer>((resolve, reject) => {
    const target = new URL(url)
    const sent = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        headers: { host },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          text += chunk
        })
        response.on('end', () => {
          let body: Answer['body'] = {}
          try {
            body = JSON.parse(text) as Answer['body']
          } catch {
            body = { error: text }
          }
          resolve({ status: response.statusCode ?? 0, body })
        })
      },
    )
    sent.once('error', reject)
    sent.end()
  })

describe.each(storeDialects)('dev mailbox attacks on %s', (dialect) => {
  let server: TestServer | undefined
  let listener: LocalListener | undefined
  let smtp: TestSmtpServer | undefined
  afterEach(async () => {
    await listener?.close()
    await server?.cleanup()
    await smtp?.close()
    listener = undefined
    server = undefined
    smtp = undefined
  })

  const signup = (email: string) =>
    fetch(`${listener!.url}/signer/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server!.signerApp.apiKey}` },
      body: JSON.stringify({ email, targetPublicKey: createTargetKey().publicKey }),
    })

  test('error: hole 4 — a server without dev mode and without SMTP has no mailbox and sends no code to it', async () => {
    server = await createTestServer(dialect, { dev: false, env: {} })
    listener = await serveOnLocalPort(server.app)
    const sent = await signup('victim@example.com')
    expect(sent.status).toBe(500)
    expect(await sent.json()).toEqual({ error: 'could not send the sign-in email', code: 'EMAIL_NOT_SENT' })
    for (const path of ['/dev/mailbox.json', '/dev/mailbox.json?to=victim@example.com', '/dev/mailbox']) {
      const answer = await getWithHost(`${listener.url}${path}`, listener.url.slice('http://'.length))
      expect(answer).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } })
    }
    // Nothing kept where a later dev mailbox (or a log reader) could find it.
    expect(await server.store.db.selectFrom('dev_mail').selectAll().execute()).toEqual([])
  })

  test('error: hole 4 — a server without dev mode answers 404 on /dev/mailbox.json after a code went out by SMTP', async () => {
    smtp = await startTestSmtpServer()
    server = await createTestServer(dialect, { dev: false, smtpUrl: smtp.url })
    listener = await serveOnLocalPort(server.app)
    expect((await signup('victim@example.com')).status).toBe(200)
    const mail = await smtp.nextMail('victim@example.com')
    expect(mail.text).toMatch(/^\s+\d{6}$/m)
    const answer = await getWithHost(`${listener.url}/dev/mailbox.json`, listener.url.slice('http://'.length))
    expect(answer).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } })
  })

  test('error: hole 4 — a dev server asked with Host: evil.example (DNS rebinding) is refused', async () => {
    server = await createTestServer(dialect, { dev: true })
    listener = await serveOnLocalPort(server.app)
    expect((await signup('victim@example.com')).status).toBe(200)
    const port = new URL(listener.url).port
    for (const host of [`evil.example:${port}`, 'evil.example', `localhost.evil.example:${port}`])
      for (const path of ['/dev/mailbox.json', '/dev/mailbox'])
        expect(await getWithHost(`${listener.url}${path}`, host)).toEqual({
          status: 403,
          body: {
            error: 'the dev mailbox answers only on a loopback host (localhost, 127.0.0.1, [::1])',
            code: 'DEV_MAILBOX_LOOPBACK_ONLY',
          },
        })
    // The same request naming a loopback host reads the code: the Host is what was refused.
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      const answer = await getWithHost(`${listener.url}/dev/mailbox.json`, host)
      expect(answer.status).toBe(200)
      expect(answer.body.messages?.[0]?.code).toMatch(/^\d{6}$/)
    }
  })
})

// The refusal happens before any store is opened, so it is the same for SQLite and PostgreSQL: one
// child process (seconds of tsx start-up) on a SQLite data dir shows it.
describe('sigil-server start without --dev and without SMTP_URL', () => {
  const dirs: string[] = []
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))))

  test('error: hole 4 — it exits 1 with a message naming SMTP_URL and --dev, and serves nothing', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sigil-no-smtp-'))
    dirs.push(dataDir)
    const started = spawnServer(['start', '--port', '0', '--data-dir', dataDir], {
      SMTP_URL: '',
      SIGIL_MASTER_KEY: testMasterKey,
    })
    const outcome = await started.then(
      async (running) => {
        await running.stop('SIGKILL')
        return `started at ${running.url}`
      },
      (error: Error) => error.message,
    )
    expect(outcome).toMatch(/^server exited with 1 before listening:/)
    expect(outcome).toContain(`sigil-server: ${noMailDeliveryMessage}`)
    expect(outcome).toContain('SMTP_URL')
    expect(outcome).toContain('--dev')
    expect(outcome).not.toMatch(/^\s+at .+[:(]\d+/m)
    // Refused before opening the store or the key file.
    expect(await readdir(dataDir)).toEqual([])
  }, 120_000)

  test('behavior: start --dev (what npm start runs) serves the dev mailbox on a loopback Host only', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sigil-dev-start-'))
    dirs.push(dataDir)
    const server = await spawnServer(['start', '--dev', '--port', '0', '--data-dir', dataDir], {
      SMTP_URL: '',
      SIGIL_MASTER_KEY: testMasterKey,
    })
    try {
      const port = new URL(server.url).port
      expect(await getWithHost(`${server.url}/dev/mailbox.json`, `localhost:${port}`)).toEqual({
        status: 200,
        body: { messages: [] },
      })
      expect(await getWithHost(`${server.url}/dev/mailbox.json`, `evil.example:${port}`)).toMatchObject({
        status: 403,
        body: { code: 'DEV_MAILBOX_LOOPBACK_ONLY' },
      })
    } finally {
      await server.stop('SIGTERM')
    }
  }, 120_000)
})
