import { chmod, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { base64urlEncode, createApiKeyStamp } from '@sigil/protocol'
import { exportPKCS8, exportSPKI, generateKeyPair, SignJWT } from 'jose'
import { afterAll, afterEach, describe, expect, test } from 'vitest'
import { createApp } from '../../src/apps/createApp.js'
import { createSigilServer, type SigilServer } from '../../src/createSigilServer.js'
import { createLogger } from '../../src/log/createLogger.js'
import { createTestStore, storeDialects, type TestStore } from '../../src/store/test/storeDialects.js'
import { createSoftwarePasskey } from '../../src/test/createSoftwarePasskey.js'
import { createTestServer, type TestServer, testMasterKey } from '../../src/test/createTestServer.js'
import { type LocalListener, serveOnLocalPort } from '../../src/test/serveOnLocalPort.js'
import { runCli, spawnServer } from '../../src/test/spawnServer.js'

/**
 * Hole 10 (config and start-up): app bearer JWTs must expire within a day, passkeys are accepted from
 * the localhost defaults only in dev mode, a master key file open to group or others is refused, the
 * SQLite files are private, and `app create --jwt-public-key <PEM>` works.
 */

/** Each child process starts from source through tsx, which takes seconds on a busy machine. */
const slow = { timeout: 120_000 }

const dirs: string[] = []
const newDir = async (prefix: string) => {
  const dir = await mkdtemp(join(tmpdir(), prefix))
  dirs.push(dir)
  return dir
}
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))))

/** A bearer-authenticated `/signer/v1/signer-config` through the real listener. */
const signerConfig = async (url: string, bearer: string) => {
  const response = await fetch(`${url}/signer/v1/signer-config`, {
    method: 'POST',
    body: '{}',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe.each(storeDialects)('production config attacks on %s', (dialect) => {
  let server: TestServer | undefined
  let listener: LocalListener | undefined
  afterEach(async () => {
    await listener?.close()
    await server?.cleanup()
    listener = undefined
    server = undefined
  })

  test('error: hole 10 — an app bearer JWT without exp, or with a 30-day lifetime, is refused', async () => {
    server = await createTestServer(dialect, { dev: false })
    listener = await serveOnLocalPort(server.app)
    const { publicKey, privateKey } = await generateKeyPair('ES256')
    const { appId } = await createApp(server.store.db, {
      name: 'jwt app',
      origins: ['https://shop.example'],
      jwtPublicKey: await exportSPKI(publicKey),
      now: Date.now(),
    })
    const jwt = () => new SignJWT({}).setProtectedHeader({ alg: 'ES256' }).setIssuer(appId).setIssuedAt()

    const forever = await signerConfig(listener.url, await jwt().sign(privateKey))
    expect(forever).toEqual({
      status: 401,
      body: { error: 'bearer JWT has no exp (expiry) claim', code: 'APP_JWT_EXPIRY_REQUIRED' },
    })
    const month = await signerConfig(listener.url, await jwt().setExpirationTime('30d').sign(privateKey))
    expect(month).toEqual({
      status: 401,
      body: {
        error: 'bearer JWT lives longer than 86400 seconds (exp - iat)',
        code: 'APP_JWT_LIFETIME_TOO_LONG',
      },
    })
    // The same key with a short-lived token is the app: the refusals above were the lifetime.
    const fiveMinutes = await signerConfig(listener.url, await jwt().setExpirationTime('5m').sign(privateKey))
    expect(fiveMinutes.status).toBe(200)
  })

  test('error: hole 10 — a passkey from http://localhost is refused by a non-dev server with no localhost app', async () => {
    const register = async (target: TestServer) => {
      const passkey = createSoftwarePasskey({ rpId: 'localhost', origin: 'http://localhost:5173' })
      const challenge = base64urlEncode(crypto.getRandomValues(new Uint8Array(32)))
      const body = JSON.stringify({
        type: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
        timestampMs: String(Date.now()),
        organizationId: target.rootOrganizationId,
        parameters: {
          userId: target.rootUserId,
          authenticators: [
            { authenticatorName: 'local', challenge, attestation: passkey.register(challenge) },
          ],
        },
      })
      const stamp = await createApiKeyStamp({ body, privateKey: target.rootKey.privateKey })
      const response = await fetch(`${listener!.url}/public/v1/submit/create_authenticators`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', [stamp.stampHeaderName]: stamp.stampHeaderValue },
      })
      return { status: response.status, body: (await response.json()) as Record<string, unknown> }
    }
    // The only app is a production one: no localhost origin anywhere but the old built-in defaults.
    const production = async (dev: boolean) => {
      const created = await createTestServer(dialect, { dev })
      await created.store.db
        .updateTable('apps')
        .set({ allowed_origins: JSON.stringify(['https://wallet.example']), redirect_url: null })
        .execute()
      return created
    }

    server = await production(false)
    listener = await serveOnLocalPort(server.app)
    const refused = await register(server)
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({
      message: 'invalid passkey attestation for authenticator 0',
      details: [expect.objectContaining({ turnkeyErrorCode: 'REQUEST_INVALID' })],
    })
    expect(await server.store.db.selectFrom('authenticators').select('id').execute()).toEqual([])
    await listener.close()
    await server.cleanup()

    // The same registration on a dev server passes: the localhost defaults are the dev switch.
    server = await production(true)
    listener = await serveOnLocalPort(server.app)
    expect((await register(server)).status).toBe(200)
  })
})

// The key file and the SQLite file modes are file-system facts that no store dialect changes (the key
// file is read the same way with --database-url): these run `sigil-server start` on a SQLite data dir.
describe('sigil-server start: key file and data files', slow, () => {
  const hexKey = '8f3a5c0e1d2b4a6978c6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4'

  test('error: hole 10 — a group-readable master key file is refused (exit 1, how to fix it)', async () => {
    const dataDir = await newDir('sigil-key-mode-')
    const keyFile = join(dataDir, 'master.key')
    await writeFile(keyFile, `${hexKey}\n`)
    await chmod(keyFile, 0o640)
    const outcome = await spawnServer(['start', '--port', '0', '--data-dir', dataDir], {
      SIGIL_MASTER_KEY: '',
    }).then(
      async (running) => {
        await running.stop('SIGKILL')
        return `started at ${running.url}`
      },
      (error: Error) => error.message,
    )
    expect(outcome).toMatch(/^server exited with 1 before listening:/)
    expect(outcome).toContain(
      `the master key file ${keyFile} can be read or written by group or others (mode 0640)`,
    )
    expect(outcome).toContain(`chmod 600 ${keyFile}`)
    expect(outcome).not.toContain(hexKey.slice(0, 12))
    expect(outcome).not.toMatch(/^\s+at .+[:(]\d+/m)
    expect((await stat(keyFile)).mode & 0o777).toBe(0o640)

    // The operator may accept the risk explicitly.
    const allowed = await spawnServer(
      ['start', '--port', '0', '--data-dir', dataDir, '--allow-insecure-key-file'],
      {
        SIGIL_MASTER_KEY: '',
      },
    )
    try {
      expect((await fetch(`${allowed.url}/health`)).status).toBe(200)
      expect(allowed.output()).toContain(`chmod 600 ${keyFile}`)
    } finally {
      await allowed.stop('SIGKILL')
    }
  })

  test('behavior: hole 10 — a first start creates the data dir 0700 and sigil.db, -wal, -shm, master.key 0600', async () => {
    const dataDir = join(await newDir('sigil-file-modes-'), 'data')
    const previous = process.umask(0o022)
    let server: Awaited<ReturnType<typeof spawnServer>>
    try {
      server = await spawnServer(['start', '--port', '0', '--data-dir', dataDir], { SIGIL_MASTER_KEY: '' })
    } finally {
      process.umask(previous)
    }
    try {
      expect((await fetch(`${server.url}/health`)).status).toBe(200)
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700)
      const files = (await readdir(dataDir)).filter((file) => !file.endsWith('.tmp')).sort()
      expect(files).toEqual(['master.key', 'sigil.db', 'sigil.db-shm', 'sigil.db-wal'])
      for (const file of files)
        expect({ file, mode: (await stat(join(dataDir, file))).mode & 0o777 }).toEqual({ file, mode: 0o600 })
    } finally {
      await server.stop('SIGTERM')
    }
  })
})

// `app create` writes the app to the store: on SQLite (--data-dir) and PostgreSQL (--database-url).
describe.each(storeDialects)('sigil-server app create --jwt-public-key on %s', (dialect) => {
  let store: TestStore | undefined
  let app: SigilServer | undefined
  let listener: LocalListener | undefined
  afterEach(async () => {
    await listener?.close()
    await app?.close()
    await store?.cleanup()
    listener = undefined
    app = undefined
    store = undefined
  })

  test(
    'error: hole 10 — app create with a PEM after --jwt-public-key (or from a file) works; the JWT it names is accepted',
    slow,
    async () => {
      store = await createTestStore(dialect)
      const location = store.location.databaseUrl
        ? ['--database-url', store.location.databaseUrl]
        : ['--data-dir', store.location.dataDir!]
      const env = { SIGIL_MASTER_KEY: testMasterKey }
      const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true })
      const pem = await exportSPKI(publicKey)
      expect(pem.startsWith('-----BEGIN PUBLIC KEY-----')).toBe(true)

      const inline = await runCli(
        [
          'app',
          'create',
          '--name',
          'jwt',
          '--origin',
          'https://jwt.example',
          '--jwt-public-key',
          pem,
          ...location,
        ],
        env,
      )
      expect({ code: inline.code, stderr: inline.stderr }).toEqual({ code: 0, stderr: '' })
      const { appId } = JSON.parse(inline.stdout.trim().split('\n').at(-1)!) as { appId: string }

      const keyFile = join(await newDir('sigil-jwt-key-'), 'jwt.pem')
      await writeFile(keyFile, pem)
      const fromFile = await runCli(
        [
          'app',
          'create',
          '--name',
          'jwt2',
          '--origin',
          'https://jwt2.example',
          '--jwt-public-key-file',
          keyFile,
          ...location,
        ],
        env,
      )
      expect({ code: fromFile.code, stderr: fromFile.stderr }).toEqual({ code: 0, stderr: '' })

      // A private key is never stored in place of the public one.
      const privatePem = await exportPKCS8(privateKey)
      const leaked = await runCli(
        [
          'app',
          'create',
          '--name',
          'x',
          '--origin',
          'https://x.example',
          `--jwt-public-key=${privatePem}`,
          ...location,
        ],
        env,
      )
      expect(leaked.code).toBe(1)
      expect(leaked.stderr).toContain('is a private key')

      const dataDir = store.location.dataDir ?? (await newDir('sigil-jwt-data-'))
      app = await createSigilServer({
        store,
        dataDir,
        masterKey: testMasterKey,
        logger: createLogger({ level: 'silent' }),
      })
      listener = await serveOnLocalPort(app)
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'ES256' })
        .setIssuer(appId)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey)
      expect(await signerConfig(listener.url, token)).toMatchObject({
        status: 200,
        body: { email: { mode: 'OTP' } },
      })
    },
  )
})
