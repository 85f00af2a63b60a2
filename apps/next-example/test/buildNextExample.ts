import { spawn } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildOnce } from '../../../test/vitest/buildOnce.js'

/** The example's folder. */
export const nextExampleRoot = fileURLToPath(new URL('..', import.meta.url))
/** Next's command-line entry, from the workspace's `node_modules`. */
export const nextBin = fileURLToPath(new URL('../../../node_modules/next/dist/bin/next', import.meta.url))

export type NextExampleBuild = {
  /** `distDir` as the example's `next.config.ts` takes it (`SIGIL_NEXT_DIST_DIR`), relative to the example. */
  distDir: string
  /** Deletes the build. */
  remove(): Promise<void>
}

/**
 * The example built by `next build --webpack`, once per test run (`buildOnce`: the first suite to ask
 * builds it, the others wait and share it) into `.next-test/<run>` of the example: Next keeps its
 * `distDir` inside the app or workspace, and the server code it builds loads `next` from the workspace's
 * `node_modules`, so the build cannot live in the run's temp folder. `.next` is left alone.
 *
 * @example
 * const { distDir } = await buildNextExample()
 */
export async function buildNextExample(): Promise<NextExampleBuild> {
  const lock = await buildOnce('next-example', async (outDir) => {
    await runNext(['build', '--webpack'], { SIGIL_NEXT_DIST_DIR: toDistDir(outDir) })
  })
  const distDir = toDistDir(lock)
  return { distDir, remove: () => rm(join(nextExampleRoot, distDir), { recursive: true, force: true }) }
}

/** `.next-test/<the run's folder name>`, relative to the example. */
const toDistDir = (outDir: string) => join('.next-test', basename(dirname(outDir)))

/** Runs `next <args>` in the example's folder; rejects with its output when it fails. */
function runNext(args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [nextBin, ...args], {
      cwd: nextExampleRoot,
      env: { ...process.env, ...env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`next ${args.join(' ')} failed (${code}):\n${output}`)),
    )
  })
}
