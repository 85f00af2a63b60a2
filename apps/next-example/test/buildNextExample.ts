import { spawn } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { inject } from 'vitest'
import { buildOnce } from '../../../test/vitest/buildOnce.js'
// The root global setup provides `testRunDir`: its type comes from there.
import type {} from '../../../test/vitest/globalSetup.js'

/** The example's folder. */
export const nextExampleRoot = fileURLToPath(new URL('..', import.meta.url))
/** Next's command-line entry, from the workspace's `node_modules`. */
export const nextBin = fileURLToPath(new URL('../../../node_modules/next/dist/bin/next', import.meta.url))

/**
 * Where this test run's build of the example goes, relative to the example: `.next-test/<run>`. Next keeps
 * its `distDir` inside the app or workspace, and the server code it builds loads `next` from the
 * workspace's `node_modules`, so the build cannot live in the run's temp folder; `.next` is left alone.
 */
export const nextExampleDistDir = () => join('.next-test', basename(inject('testRunDir')))

/**
 * The example built by `next build --webpack` into `nextExampleDistDir()`, once per test run
 * (`buildOnce`: the first suite to ask builds it, the others wait and share it). Returns that `distDir`,
 * as the example's `next.config.ts` takes it (`SIGIL_NEXT_DIST_DIR`).
 *
 * @example
 * const distDir = await buildNextExample()
 */
export async function buildNextExample(): Promise<string> {
  const distDir = nextExampleDistDir()
  await buildOnce('next-example', () => runNext(['build', '--webpack'], { SIGIL_NEXT_DIST_DIR: distDir }))
  return distDir
}

/** Deletes this run's build of the example (the last suite that uses it calls it). */
export const removeNextExampleBuild = () =>
  rm(join(nextExampleRoot, nextExampleDistDir()), { recursive: true, force: true })

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
