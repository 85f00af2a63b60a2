import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApiKeyStamp } from '@sigil/protocol'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { createTestStore, type TestStore } from '../store/test/storeDialects.js'
import { generateTestKey, testMasterKey } from '../test/createTestServer.js'
import { runCli, type SpawnedServer, spawnServer } from '../test/spawnServer.js'

/** `sigil-server` as an operator runs it: real child processes on a temp data dir or a PostgreSQL schema. */

/** Each child process starts from source through tsx, which takes seconds on a busy machine. */
const slow = { timeout: 120_000 }

const masterKeyEnv = { SIGIL_MASTER_KEY: testMasterKey }
const newKeyWarning = 'WARNING: Sigil created a new master key'
const stackFrame = /^\s+at .+[:(]\d+/m

/** The operator's environment must not leak into these runs. */
const inheritedVariables = ['SIGIL_MASTER_KEY', 'DATABASE_URL', 'SIGIL_DATA_DIR', 'PORT', 'HOST'] as const
const inherited = Object.fromEntries(inheritedVariables.map((name) => [name, process.env[name]]))
beforeAll(() => {
  for (const name of inheritedVariables) delete process.env[name]
})
afterAll(() => {
  for (const name of inheritedVariables)
    if (inherited[name] !== undefined) process.env[name] = inherited[name]
})

const dataDirs: string[] = []
const newDataDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'sigil-cli-'))
  dataDirs.push(dir)
  return dir
}
afterAll(() => Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true }))))

/**
 * `root organization: <id>` and `export signer public key: <hex>` from the start banner, which may
 * arrive in a later chunk than the `listening` line `spawnServer` waits for.
 */
const bannerOf = async (server: SpawnedServer) => {
  for (let waited = 0; waited < 10_000; waited += 25) {
    const output = server.output()
    const rootOrganizationId = /root organization: (\S+)/.exec(output)?.[1]
    const exportSignerPublicKey = /export signer public key: (04[0-9a-f]{128})/.exec(output)?.[1]
    if (rootOrganizationId && exportSignerPublicKey) return { rootOrganizationId, exportSignerPublicKey }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`no start banner in:\n${server.output()}`)
}

/** The last stdout line of `admin create-api-key`, parsed. */
const lastJsonLine = (stdout: string) =>
  JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, string>

const whoami = async (url: string, organizationId: string, privateKey: string) => {
  const body = JSON.stringify({ organizationId })
  const stamp = await createApiKeyStamp({ body, privateKey })
  return fetch(`${url}/public/v1/query/whoami`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', [stamp.stampHeaderName]: stamp.stampHeaderValue },
  })
}

describe('sigil-server start on a data dir, without SIGIL_MASTER_KEY', slow, () => {
  let dataDir: string
  let server: SpawnedServer
  beforeAll(async () => {
    dataDir = await newDataDir()
    server = await spawnServer(['start', '--port', '0', '--data-dir', dataDir])
  })
  afterAll(() => server?.stop('SIGKILL'))

  test('default: prints the listening URL; an unstamped whoami answers 401 JSON', async () => {
    expect(server.output()).toMatch(/^Sigil server listening on http:\/\/127\.0\.0\.1:\d+$/m)
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/)
    const response = await fetch(`${server.url}/public/v1/query/whoami`, { method: 'POST' })
    expect(response.status).toBe(401)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await response.json()).toMatchObject({ code: 16, message: expect.stringContaining('stamp') })
  })

  test('behavior: creates <data dir>/master.key with mode 0600 and warns about it', async () => {
    const { mode } = await stat(join(dataDir, 'master.key'))
    expect(mode & 0o777).toBe(0o600)
    expect((await readFile(join(dataDir, 'master.key'), 'utf8')).trim()).toMatch(/^[0-9a-f]{64}$/)
    expect(server.output()).toContain(newKeyWarning)
  })

  test('behavior: admin create-api-key while the server runs prints a key that works against it', async () => {
    const { code, stdout, stderr } = await runCli([
      'admin',
      'create-api-key',
      '--name',
      'ops',
      '--data-dir',
      dataDir,
    ])
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
    const created = lastJsonLine(stdout)
    expect(Object.keys(created).sort()).toEqual(['apiKeyId', 'organizationId', 'privateKey', 'publicKey'])
    expect(created.organizationId).toBe((await bannerOf(server)).rootOrganizationId)
    expect(created.publicKey).toMatch(/^0[23][0-9a-f]{64}$/)
    expect(created.privateKey).toMatch(/^[0-9a-f]{64}$/)
    const response = await whoami(server.url, created.organizationId!, created.privateKey!)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ organizationId: created.organizationId, username: 'root' })
  })

  test('behavior: admin create-api-key --public-key registers that key and prints no private key', async () => {
    const key = generateTestKey()
    const { code, stdout } = await runCli([
      'admin',
      'create-api-key',
      '--name',
      'x',
      '--public-key',
      key.publicKey,
      '--data-dir',
      dataDir,
    ])
    expect(code).toBe(0)
    const created = lastJsonLine(stdout)
    expect(created).toEqual({
      apiKeyId: expect.any(String),
      organizationId: (await bannerOf(server)).rootOrganizationId,
      publicKey: key.publicKey,
    })
    expect(stdout).not.toContain('privateKey')
    expect((await whoami(server.url, created.organizationId!, key.privateKey)).status).toBe(200)
  })

  test('behavior: app create while the server runs prints an app key that the sign-in API accepts', async () => {
    const { code, stdout, stderr } = await runCli([
      'app',
      'create',
      '--name',
      'shop',
      '--origin',
      'https://shop.example',
      '--email-mode',
      'magic-link',
      '--redirect-url',
      'https://shop.example/return',
      '--data-dir',
      dataDir,
    ])
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
    const created = lastJsonLine(stdout)
    expect(created).toMatchObject({ appId: expect.any(String), apiKey: expect.stringMatching(/^sigil_/) })
    const config = await fetch(`${server.url}/signer/v1/signer-config`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${created.apiKey}` },
    })
    expect(await config.json()).toEqual({ appId: created.appId, email: { mode: 'MAGIC_LINK' } })
    const bad = await runCli([
      'app',
      'create',
      '--name',
      'x',
      '--origin',
      'ftp://nope',
      '--data-dir',
      dataDir,
    ])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toBe('sigil-server: origin must be http(s): ftp://nope\n')
  })

  test('behavior: migrate exits 0 while the server runs, and the server keeps answering', async () => {
    const { code, stdout } = await runCli(['migrate', '--data-dir', dataDir])
    expect(code).toBe(0)
    expect(stdout).toContain('store is up to date (sqlite)')
    expect((await fetch(`${server.url}/health`)).status).toBe(200)
  })
})

describe('sigil-server restarts', slow, () => {
  test('behavior: SIGTERM exits 0; a second start reuses the root organization and master key', async () => {
    const dataDir = await newDataDir()
    const first = await spawnServer(['start', '--port', '0', '--data-dir', dataDir])
    const firstBanner = await bannerOf(first)
    const masterKey = await readFile(join(dataDir, 'master.key'), 'utf8')
    const { stdout } = await runCli(['admin', 'create-api-key', '--name', 'ops', '--data-dir', dataDir])
    const created = lastJsonLine(stdout)
    await first.stop('SIGTERM')
    expect({ code: first.process.exitCode, signal: first.process.signalCode }).toEqual({
      code: 0,
      signal: null,
    })

    const second = await spawnServer(['start', '--port', '0', '--data-dir', dataDir])
    try {
      expect(await bannerOf(second)).toEqual(firstBanner)
      expect(firstBanner.rootOrganizationId).toBe(created.organizationId)
      expect(second.output()).not.toContain(newKeyWarning)
      expect(first.output()).toContain(newKeyWarning)
      expect(await readFile(join(dataDir, 'master.key'), 'utf8')).toBe(masterKey)
      expect((await whoami(second.url, created.organizationId!, created.privateKey!)).status).toBe(200)
    } finally {
      await second.stop('SIGTERM')
    }
    expect(second.process.exitCode).toBe(0)
  })
})

describe('sigil-server on PostgreSQL (--database-url), with SIGIL_MASTER_KEY', slow, () => {
  let store: TestStore
  const servers: SpawnedServer[] = []
  beforeAll(async () => {
    store = await createTestStore('postgres', { migrate: false })
  })
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')))
    await store?.cleanup()
  })

  test('default: start, admin create-api-key, migrate, SIGTERM and a second start on one schema', async () => {
    const databaseUrl = store.location.databaseUrl!
    const dataDir = await newDataDir()
    const args = ['--database-url', databaseUrl, '--data-dir', dataDir]
    const first = await spawnServer(['start', '--port', '0', ...args], masterKeyEnv)
    servers.push(first)
    const firstBanner = await bannerOf(first)
    expect(first.output()).toMatch(/^Sigil server listening on http:\/\/127\.0\.0\.1:\d+$/m)
    expect(first.output()).toContain('store: PostgreSQL')
    expect(first.output()).not.toContain(newKeyWarning)

    const unstamped = await fetch(`${first.url}/public/v1/query/whoami`, { method: 'POST' })
    expect(unstamped.status).toBe(401)
    expect(await unstamped.json()).toMatchObject({ code: 16 })

    const createApiKey = await runCli(['admin', 'create-api-key', '--name', 'ops', ...args], masterKeyEnv)
    expect(createApiKey.code).toBe(0)
    const created = lastJsonLine(createApiKey.stdout)
    expect(created.organizationId).toBe(firstBanner.rootOrganizationId)
    const response = await whoami(first.url, created.organizationId!, created.privateKey!)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ organizationId: created.organizationId })

    const migrate = await runCli(['migrate', ...args], masterKeyEnv)
    expect(migrate).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('store is up to date (postgres)'),
    })

    await first.stop('SIGTERM')
    expect(first.process.exitCode).toBe(0)
    const second = await spawnServer(['start', '--port', '0', ...args], masterKeyEnv)
    servers.push(second)
    expect(await bannerOf(second)).toEqual(firstBanner)
    expect((await whoami(second.url, created.organizationId!, created.privateKey!)).status).toBe(200)
    await second.stop('SIGTERM')
    expect(second.process.exitCode).toBe(0)
    // With SIGIL_MASTER_KEY set and the store in PostgreSQL, nothing is written to the data dir.
    expect(await readdir(dataDir)).toEqual([])
  })
})

describe('sigil-server errors', slow, () => {
  let occupied: Server | undefined
  afterEach(async () => {
    await new Promise<void>((resolve) => (occupied ? occupied.close(() => resolve()) : resolve()))
    occupied = undefined
  })

  test('error: start on a port already in use exits 1 with one line and no stack trace', async () => {
    const listening = createServer()
    occupied = listening
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve))
    const { port } = listening.address() as { port: number }
    const dataDir = await newDataDir()
    const { code, stdout, stderr } = await runCli(
      ['start', '--port', String(port), '--data-dir', dataDir],
      masterKeyEnv,
    )
    expect(code).toBe(1)
    expect(stderr.trim()).toBe(`sigil-server: port ${port} on 127.0.0.1 is already in use`)
    expect(stdout).not.toContain('Sigil server listening')
    expect(`${stdout}${stderr}`).not.toMatch(stackFrame)
  })

  test('error: an unknown command exits 1 with the usage', async () => {
    const { code, stdout, stderr } = await runCli(['frobnicate'], masterKeyEnv)
    expect(code).toBe(1)
    expect(stderr).toMatch(/^sigil-server: unknown command: frobnicate\n/)
    expect(stderr).toContain('Usage:\n  sigil-server start')
    expect(`${stdout}${stderr}`).not.toMatch(stackFrame)
  })

  test('error: an unknown flag exits 1 with the usage', async () => {
    const dataDir = await newDataDir()
    const { code, stdout, stderr } = await runCli(
      ['start', '--prot', '8787', '--data-dir', dataDir],
      masterKeyEnv,
    )
    expect(code).toBe(1)
    expect(stderr).toMatch(/^sigil-server: Unknown option '--prot'/)
    expect(stderr).toContain('Usage:\n  sigil-server start')
    expect(stdout).not.toContain('Sigil server listening')
    expect(`${stdout}${stderr}`).not.toMatch(stackFrame)
    // Nothing was started or created on the way to the error.
    expect(await readdir(dataDir)).toEqual([])
  })

  test('behavior: --help prints the usage and exits 0', async () => {
    const { code, stdout } = await runCli(['--help'])
    expect(code).toBe(0)
    expect(stdout).toContain('sigil-server admin create-api-key --name NAME')
  })
})
