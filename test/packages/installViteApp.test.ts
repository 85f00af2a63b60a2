import { cpSync, lstatSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { type StartedSigilServer, startSigilServer } from '../../apps/demo/scripts/startSigilServer.js'
import { testServerEnv } from '../../apps/demo/test/startDemoTestbed.js'
import { freePort } from '../../packages/server/src/test/localPorts.js'
// The Chromium suites' global setup (root vitest config) provides `browserAssets`: its type comes from there.
import type {} from '../../packages/signer/test/browser/globalSetup.js'
import { launchChromium } from '../../packages/signer/test/browser/launchChromium.js'
import { packPackages, run } from '../vitest/packPackages.js'
import { startVitePreview, type VitePreview } from './startVitePreview.js'

/**
 * The client packages installed as an app would, from the tarballs `npm run pack` writes (not workspace
 * links), into a Vite + React + TypeScript app in a folder outside the repository (`viteApp/`: the
 * sign-in card, a signature), with their peers from the registry; the app is type-checked with `tsc`
 * (Vite's template settings: `skipLibCheck`, `noUncheckedSideEffectImports`) and built with `vite build`,
 * its Sigil server and API key given as `VITE_SIGIL_URL` and `VITE_SIGIL_API_KEY`. Then `vite preview`
 * serves the build, `sigil-server start --dev --dev-app-origin <that origin>` (the test run's bundle of
 * the server's sources, with its dev mailbox) is its server, and headless Chromium signs in with an email
 * code from the mailbox and signs a message, checked with viem's `verifyMessage`.
 *
 * @sigil-test own-process: it runs npm, tsc, vite, the Sigil server and Chromium in child processes.
 */
const appDir = mkdtempSync(join(tmpdir(), 'sigil-vite-app-'))
const dataDir = mkdtempSync(join(tmpdir(), 'sigil-vite-app-data-'))
const root = join(import.meta.dirname, '../..')
/** The peers and the app's tools at the versions this repository installs (`--prefer-offline` finds them). */
const registryPackages = [
  '@tanstack/react-query',
  'viem',
  'react',
  'react-dom',
  'vite',
  '@vitejs/plugin-react',
  'typescript',
  '@types/react',
  '@types/react-dom',
].map(
  (name) =>
    `${name}@${JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version}`,
)

beforeAll(async () => {
  const { dir, tarballs } = await packPackages()
  const clients = tarballs.filter((name) => /^sigil-(protocol|signer|accounts|core|react)-/.test(name))
  expect(clients).toHaveLength(5)
  cpSync(join(import.meta.dirname, 'viteApp'), appDir, { recursive: true })
  await run(
    'npm',
    [
      'install',
      ...clients.map((name) => join(dir, name)),
      ...registryPackages,
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
    ],
    { cwd: appDir, timeoutMs: 900_000 },
  )
  previewPort = await freePort()
  server = await startSigilServer({
    repositoryRoot: root,
    dataDir,
    port: 0,
    host: '127.0.0.1',
    devAppOrigin: `http://localhost:${previewPort}`,
    fromSource: true,
    env: testServerEnv(inject('browserAssets').frameDir),
    output: null,
  })
}, 900_000)

let previewPort: number
let server: StartedSigilServer | undefined
let preview: VitePreview | undefined
let browser: Browser | undefined

afterAll(async () => {
  await browser?.close()
  await Promise.all([preview?.close(), server?.stop()])
  rmSync(appDir, { recursive: true, force: true })
  rmSync(dataDir, { recursive: true, force: true })
})

/** The newest sign-in code mailed to `email`, waited for (up to 20 s) in the server's dev mailbox. */
async function readCode(serverUrl: string, email: string): Promise<string> {
  for (let waited = 0; waited <= 20_000; waited += 100) {
    const response = await fetch(`${serverUrl}/dev/mailbox.json?to=${encodeURIComponent(email)}`)
    const { messages } = (await response.json()) as { messages: { code?: string }[] }
    if (messages[0]?.code) return messages[0].code
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no sign-in mail to ${email} in the dev mailbox`)
}

describe('a Vite + React app on the packages installed from their tarballs', () => {
  test('default: the @sigil packages are copies in the app folder, not links to the workspace', () => {
    for (const name of [
      '@sigil/react',
      '@sigil/core',
      '@sigil/accounts',
      '@sigil/signer',
      '@sigil/protocol',
    ]) {
      const path = join(appDir, 'node_modules', name)
      expect(lstatSync(path).isSymbolicLink(), name).toBe(false)
      expect(realpathSync(path).startsWith(realpathSync(appDir)), name).toBe(true)
    }
  })

  test('default: tsc type-checks it and vite builds it, with the sign-in card and its stylesheet', async () => {
    await run(join(appDir, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], { cwd: appDir })
    await run(join(appDir, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
      cwd: appDir,
      env: { ...process.env, VITE_SIGIL_URL: server!.url, VITE_SIGIL_API_KEY: server!.devApp.apiKey },
    })
    const assets = readdirSync(join(appDir, 'dist/assets'))
    const css = assets.filter((name) => name.endsWith('.css'))
    expect(css).toHaveLength(1)
    expect(readFileSync(join(appDir, 'dist/assets', css[0]!), 'utf8')).toMatch(/\.sigil-/)
    const js = assets
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(join(appDir, 'dist/assets', name), 'utf8'))
      .join('\n')
    expect(js).toContain('/frame/auth')
  })
  test('behavior: in Chromium, the built app signs in with an email code and signs a message', async () => {
    preview = await startVitePreview(appDir, previewPort)
    browser = await launchChromium()
    const page = await browser.newPage()
    page.on('pageerror', (error) => process.stderr.write(`[vite app] page error: ${error.message}\n`))
    await page.goto(preview.url)
    const email = 'vite-app@example.com'
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await page.getByRole('heading', { name: 'Enter verification code' }).waitFor()
    await page.getByLabel('Verification code').fill(await readCode(server!.url, email))
    const address = page.getByTestId('address')
    await address.waitFor({ timeout: 30_000 })
    const signer = (await address.textContent()) as `0x${string}`
    expect(signer).toMatch(/^0x[0-9a-fA-F]{40}$/)

    await page.getByRole('button', { name: 'Sign “hello from Vite”' }).click()
    const signature = page.getByTestId('signature')
    await signature.waitFor({ timeout: 30_000 })
    const signed = (await signature.textContent()) as `0x${string}`
    expect(signed).toMatch(/^0x[0-9a-f]{130}$/)
    expect(await verifyMessage({ address: signer, message: 'hello from Vite', signature: signed })).toBe(true)
    expect(await verifyMessage({ address: signer, message: 'hello from Vite!', signature: signed })).toBe(
      false,
    )
  })
})
