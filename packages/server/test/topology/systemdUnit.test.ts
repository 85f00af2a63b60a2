import { execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { packPackages } from '../../../../test/vitest/packPackages.js'
import { startTestSmtpServer, type TestSmtpServer } from '../../src/auth/email/test/startTestSmtpServer.js'
import { createTestStore, type TestStore } from '../../src/store/test/storeDialects.js'
import { testMasterKey } from '../../src/test/createTestServer.js'
import { parseEnvFile } from './parseEnvFile.js'

/*
 * The systemd unit of packages/server/deploy/ as systemd runs it, on a machine without systemd as PID 1 (a
 * container's): `systemd-analyze verify` checks the unit file itself; then its ExecStart runs the way systemd
 * would start it, on what an operator installs:
 * - the package built (`npm run pack`'s clean `npm run build`, once per run: `packPackages`), the checkout standing
 *   for /opt/sigil, so `bin/sigil-server.js` runs `dist/`, not the TypeScript sources the other suites run;
 * - only the unit's environment: EnvironmentFile (the example, its machine-specific values pointed at this
 *   machine), Environment=, and CREDENTIALS_DIRECTORY holding master.key as LoadCredential= places it;
 * - the StateDirectory as the working directory, and `$$` turned into `$` as systemd does.
 * Then the instance answers /healthz, its admin port /readyz, and SIGTERM (KillSignal, sent to the main
 * process, which `exec` made node itself) ends it with status 0 within TimeoutStopSec.
 */

const run = promisify(execFile)
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url))
const deployDir = fileURLToPath(new URL('../../deploy/', import.meta.url))

/** The unit's `Key=value` settings, in order (a key may repeat). */
const settingsOf = (unit: string) =>
  [...unit.matchAll(/^([A-Za-z]+)=(.*)$/gm)].map(([, key, value]) => ({ key: key!, value: value! }))

describe('systemd unit', () => {
  let dir: string
  let store: TestStore
  let smtp: TestSmtpServer
  let unit: string

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sigil-systemd-'))
    ;[store, smtp, unit] = await Promise.all([
      createTestStore('postgres'),
      startTestSmtpServer(),
      readFile(join(deployDir, 'sigil-server.service'), 'utf8'),
      // The run's one build of the packages in place (`npm run pack`: a clean build, then the tarballs),
      // shared with the suites that check the tarballs, so no two suites write `dist` at once.
      packPackages(),
    ])
  }, 240_000)

  afterAll(async () => {
    await Promise.all([store?.cleanup(), smtp?.close(), dir && rm(dir, { recursive: true, force: true })])
  })

  test('default: systemd-analyze verify finds nothing wrong with the unit', async () => {
    const { stdout, stderr } = await run('systemd-analyze', [
      'verify',
      join(deployDir, 'sigil-server.service'),
    ])
    expect(`${stdout}${stderr}`).toBe('')
  })

  test('behavior: its ExecStart, as systemd runs it, serves from the build and stops on SIGTERM with status 0', async () => {
    const settings = settingsOf(unit)
    const setting = (key: string) => settings.filter((each) => each.key === key).map((each) => each.value)
    const stateDir = join(dir, 'state', setting('StateDirectory')[0]!)
    const credentials = join(dir, 'credentials')
    await Promise.all([mkdir(stateDir, { recursive: true }), mkdir(credentials, { recursive: true })])
    // LoadCredential=master.key:/etc/sigil/master.key: the file, as the operator wrote it (a newline at the end).
    const [credential] = setting('LoadCredential')[0]!.split(':')
    await writeFile(join(credentials, credential!), `${testMasterKey}\n`, { mode: 0o400 })

    // EnvironmentFile=/etc/sigil/sigil.env: the example, with what names other machines pointed at this one.
    const fileEnv = parseEnvFile(await readFile(join(deployDir, 'sigil.env.example'), 'utf8'))
    const chains = JSON.parse(fileEnv.SIGIL_CHAINS!) as { paymasters: Record<string, string> }[]
    chains[0]!.paymasters = { '0.7': `0x${'11'.repeat(20)}` }
    const env: Record<string, string> = {
      PATH: '/usr/local/bin:/usr/bin:/bin',
      ...fileEnv,
      DATABASE_URL: store.location.databaseUrl!,
      REDIS_URL: 'redis://127.0.0.1:6379/12',
      SMTP_URL: smtp.url,
      SIGIL_CHAINS: JSON.stringify(chains),
      PORT: '0',
      SIGIL_ADMIN_PORT: '0',
      CREDENTIALS_DIRECTORY: credentials,
    }
    for (const assignment of setting('Environment')) {
      const [name, value] = assignment.split(/=(.*)/s) as [string, string]
      env[name] = value === '/var/lib/sigil' ? stateDir : value
    }
    expect(env.SIGIL_DATA_DIR).toBe(stateDir)
    expect(env).not.toHaveProperty('SIGIL_MASTER_KEY')

    // ExecStart: `$$` is a literal `$`; /opt/sigil is this checkout, /usr/bin/node this test's node.
    const execStart = setting('ExecStart')[0]!
      .replaceAll('$$', '$')
      .replaceAll('/opt/sigil/', repoRoot)
      .replaceAll('/usr/bin/node', process.execPath)
    const child = spawn('/bin/sh', ['-c', `exec ${execStart}`], {
      cwd: stateDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child.once('exit', (code) => resolve({ code, at: Date.now() })),
    )
    let failure: unknown
    try {
      const banner = async () => {
        for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
          const url = output.match(/Sigil server listening on (http:\/\/\S+)/)?.[1]
          const admin = output.match(/admin: (http:\/\/\S+)\/metrics/)?.[1]
          if (url && admin) return { url, admin }
          if (child.exitCode !== null) break
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
        throw new Error(`the unit's ExecStart did not start:\n${output}`)
      }
      const { url, admin } = await banner()
      // The main process is node running the built bin (the shell exec'd it), as systemd would signal it.
      const command = (await readFile(`/proc/${child.pid}/cmdline`, 'utf8')).split('\0')
      expect(command).toContain(`${repoRoot}node_modules/@sigil/server/bin/sigil-server.js`)
      expect(command.at(-2)).toBe('start')
      // SIGIL_WORKERS=auto: one process per core, sharing the port.
      expect(output).toMatch(/workers: \d+ processes sharing port/)

      expect((await fetch(`${url}/healthz`)).status).toBe(200)
      for (const deadline = Date.now() + 30_000; ; ) {
        const readiness = await fetch(`${admin}/readyz`)
        if (readiness.status === 200) {
          expect(await readiness.json()).toEqual({
            status: 'ready',
            checks: { apiKeyChanges: 'ok', database: 'ok', migrations: 'ok', vault: 'ok', workers: 'ok' },
          })
          break
        }
        if (Date.now() > deadline) throw new Error(`not ready: ${await readiness.text()}`)
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
      // The master key came from the credential: none was made in the state directory, none was printed.
      expect(output).not.toContain('created a new master key')
      expect(existsSync(join(stateDir, '.sigil', 'master.key'))).toBe(false)
      expect(output).not.toContain(testMasterKey)
    } catch (error) {
      failure = error
    }
    const signalledAt = Date.now()
    child.kill('SIGTERM')
    const { code, at } = await exited
    if (failure)
      throw Object.assign(failure as Error, { message: `${(failure as Error).message}\n${output}` })
    expect({ code, withinTimeoutStopSec: at - signalledAt < 15_000 }, output).toEqual({
      code: 0,
      withinTimeoutStopSec: true,
    })
  }, 120_000)
})
