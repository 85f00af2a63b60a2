import { type ChildProcess, spawn } from 'node:child_process'
import { lstatSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { packPackages, run } from '../vitest/packPackages.js'

/**
 * `@sigil/server` installed as the README's "Install" section says, from the tarballs `npm run pack`
 * writes (with its `@sigil/protocol` and `@sigil/frame` tarballs, not workspace links), into a folder
 * outside the repository, and started there with `npx sigil-server start --dev`: the CLI runs the
 * packed `dist`, and the key frames it serves come from the installed `@sigil/frame`.
 *
 * @sigil-test own-process: it runs npm and the installed server in child processes.
 */
const installDir = mkdtempSync(join(tmpdir(), 'sigil-install-server-'))
let server: ChildProcess | undefined
let output = ''
let url: string
let appId: string

/** The installed server's environment: none of the operator's (or the test run's) Sigil settings. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env }
  for (const name of Object.keys(env))
    if (/^(SIGIL_.*|DATABASE_URL|SMTP_URL|REDIS_URL|PORT|HOST|NODE_OPTIONS)$/.test(name)) delete env[name]
  return env
}

beforeAll(async () => {
  const { dir, tarballs } = await packPackages()
  const wanted = tarballs.filter((name) => /^sigil-(protocol|frame|server)-/.test(name))
  expect(wanted).toHaveLength(3)
  writeFileSync(join(installDir, 'package.json'), JSON.stringify({ name: 'install-check', private: true }))
  await run(
    'npm',
    ['install', ...wanted.map((name) => join(dir, name)), '--no-audit', '--no-fund', '--prefer-offline'],
    { cwd: installDir, env: cleanEnv(), timeoutMs: 900_000 },
  )

  const dataDir = join(installDir, 'data')
  mkdirSync(dataDir, { mode: 0o700 })
  const child = spawn('npx', ['sigil-server', 'start', '--dev', '--port', '0', '--data-dir', dataDir], {
    cwd: installDir,
    env: cleanEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  server = child
  child.stdout.on('data', (chunk) => {
    output += chunk
  })
  child.stderr.on('data', (chunk) => {
    output += chunk
  })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line within 120 s:\n${output}`)), 120_000)
    const check = () => {
      const listening = /Sigil server listening on (http:\/\/\S+)/.exec(output)
      const devApp = /dev app \(origin [^)]*\): appId (\S+)/.exec(output)
      if (listening?.[1] && devApp?.[1]) {
        clearTimeout(timer)
        url = listening[1]
        appId = devApp[1]
        resolve()
      }
    }
    child.stdout.on('data', check)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`sigil-server exited with ${code} before listening:\n${output}`))
    })
  })
}, 900_000)

afterAll(async () => {
  if (server?.pid !== undefined && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve))
    process.kill(-server.pid, 'SIGTERM')
    await exited
  }
  rmSync(installDir, { recursive: true, force: true })
})

describe('@sigil/server installed from its tarball', () => {
  test('default: the installed packages are copies in the app folder, not links to the workspace', () => {
    for (const name of ['@sigil/server', '@sigil/frame', '@sigil/protocol']) {
      const path = join(installDir, 'node_modules', name)
      expect(lstatSync(path).isSymbolicLink(), name).toBe(false)
      expect(realpathSync(path).startsWith(realpathSync(installDir)), name).toBe(true)
    }
  })

  test('default: npx sigil-server start --dev serves the auth frame page and its script from @sigil/frame', async () => {
    const page = await fetch(`${url}/frame/auth?app=${appId}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('<title>Sigil auth frame</title>')
    const script = /<script[^>]+src="(\/frame\/assets\/auth-[^"]+\.js)"/.exec(html)?.[1]
    expect(script).toBeDefined()
    const asset = await fetch(`${url}${script}`)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('content-type')).toMatch(/javascript/)
    expect((await asset.text()).length).toBeGreaterThan(1000)
  })
})
