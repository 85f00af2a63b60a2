import { execFile } from 'node:child_process'
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

/** The Account Kit release the bench builds (issue 30's reference figures are for Account Kit 4.x). */
export const accountKitVersion = '4.88.4'

/** Account Kit's own packages, which depend on each other with `^`: all held at `accountKitVersion`. */
const accountKitPackages = [
  '@aa-sdk/core',
  '@account-kit/core',
  '@account-kit/infra',
  '@account-kit/logging',
  '@account-kit/react',
  '@account-kit/react-native-signer',
  '@account-kit/signer',
  '@account-kit/smart-contracts',
  '@account-kit/wallet-client',
]

/**
 * The cache folder's `package.json`: Account Kit and its peers, installed outside the workspace (Account
 * Kit is not a dependency of the repository; its dependencies would not fit the workspace's). Its own
 * packages are held at one release by `overrides`; the rest is what npm resolves on the day.
 */
const manifest = {
  name: 'sigil-bench-account-kit',
  private: true,
  type: 'module',
  dependencies: {
    '@account-kit/infra': accountKitVersion,
    '@account-kit/react': accountKitVersion,
    '@tanstack/react-query': '^5.28.9',
    react: '^19.0.0',
    'react-dom': '^19.0.0',
    viem: '^2.45.0',
    wagmi: '^2.15.5',
  },
  overrides: Object.fromEntries(accountKitPackages.map((name) => [name, accountKitVersion])),
}

export type PrepareAccountKitAppParameters = {
  /** The app's sources (`apps/accountKit`, with its `index.html`). */
  source: string
  /** Where Account Kit is installed; default `os.tmpdir()/sigil-bench-account-kit-<version>`. */
  cacheDir?: string | undefined
}

export type PrepareAccountKitAppReturnType =
  | { root: string; installed: 'now' | 'cached'; versions: Record<string, string> }
  | { error: string }

const run = promisify(execFile)

/**
 * Installs Account Kit and its peers into a cache folder outside the workspace (once: reused when the
 * same `package.json` is installed there) and copies the app's sources next to that `node_modules`, so
 * that Vite resolves every import of the app from the cache and nothing from the workspace. Returns the
 * folder to build, or why it cannot be built (the install's own message).
 *
 * @example
 * const app = await prepareAccountKitApp({ source: 'apps/demo/bench/apps/accountKit' })
 * if ('root' in app) await measureAppBuild({ root: app.root, resolveConditions: [] })
 */
export async function prepareAccountKitApp({
  source,
  cacheDir = join(tmpdir(), `sigil-bench-account-kit-${accountKitVersion}`),
}: PrepareAccountKitAppParameters): Promise<PrepareAccountKitAppReturnType> {
  await mkdir(cacheDir, { recursive: true })
  const manifestText = `${JSON.stringify(manifest, null, 2)}\n`
  let installed: 'now' | 'cached' = 'cached'
  if (!(await isInstalled(cacheDir, manifestText))) {
    await writeFile(join(cacheDir, 'package.json'), manifestText)
    try {
      await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], {
        cwd: cacheDir,
        env: npmEnvironment(),
        maxBuffer: 64 * 1024 * 1024,
      })
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr ?? ''
      const reason = stderr
        .split('\n')
        .filter((line) => /npm (error|ERR!)/.test(line))
        .slice(0, 6)
        .join('\n')
      return {
        error: `npm install of @account-kit/react@${accountKitVersion} in ${cacheDir} failed: ${reason || (error as Error).message}`,
      }
    }
    if (!(await isInstalled(cacheDir, manifestText)))
      return {
        error: `npm install in ${cacheDir} ended without @account-kit/react@${accountKitVersion} in node_modules`,
      }
    installed = 'now'
  }
  const root = join(cacheDir, 'app')
  await rm(root, { recursive: true, force: true })
  await cp(source, root, { recursive: true })
  const versions: Record<string, string> = {}
  for (const name of Object.keys(manifest.dependencies))
    versions[name] = (await readVersion(cacheDir, name)) ?? '?'
  return { root, installed, versions }
}

async function readVersion(cacheDir: string, name: string): Promise<string | undefined> {
  try {
    const text = await readFile(join(cacheDir, 'node_modules', name, 'package.json'), 'utf8')
    return (JSON.parse(text) as { version?: string }).version
  } catch {
    return undefined
  }
}

async function isInstalled(cacheDir: string, manifestText: string): Promise<boolean> {
  const current = await readFile(join(cacheDir, 'package.json'), 'utf8').catch(() => undefined)
  if (current !== manifestText) return false
  return (await readVersion(cacheDir, '@account-kit/react')) === accountKitVersion
}

/**
 * The environment for the cache folder's `npm install`: the bench runs under `npm run -w`, whose
 * `npm_*` variables (the workspace, the package) would point the child npm at the repository.
 */
function npmEnvironment(): NodeJS.ProcessEnv {
  const kept = new Set(['npm_config_registry', 'npm_config_cache', 'npm_config_userconfig'])
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) || kept.has(name)),
  )
}
