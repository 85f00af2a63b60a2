import { cpSync, lstatSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { packPackages, run } from '../vitest/packPackages.js'

/**
 * The client packages installed as an app would, from the tarballs `npm run pack` writes (not workspace
 * links), into a Vite + React + TypeScript app in a folder outside the repository (`viteApp/`: the
 * sign-in card, a signature), with their peers from the registry; the app is type-checked with `tsc`
 * (Vite's template settings: `skipLibCheck`, `noUncheckedSideEffectImports`) and built with `vite build`.
 *
 * @sigil-test own-process: it runs npm, tsc and vite in child processes.
 */
const appDir = mkdtempSync(join(tmpdir(), 'sigil-vite-app-'))
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
}, 900_000)

afterAll(() => rmSync(appDir, { recursive: true, force: true }))

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
    await run(join(appDir, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { cwd: appDir })
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
})
