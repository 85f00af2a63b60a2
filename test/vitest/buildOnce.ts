import { mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { inject } from 'vitest'
// The root global setup provides `testRunDir`: its type comes from there.
import type {} from './globalSetup.js'

/** How long a worker waits for another worker's build. */
const waitLimitMs = 300_000

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  )

/**
 * Builds `name` once per test run, whichever worker asks first, into a folder of the run
 * (`testRunDir`, deleted when the run ends), and returns that folder. The first caller takes the build
 * (an atomic `mkdir` of `<name>.lock`); every other caller, in any worker, waits for its `<name>.done`
 * (or fails with the first caller's error). A run that never asks builds nothing. The output is shared:
 * callers only read it.
 *
 * @example
 * const demoDir = await buildOnce('demo', (outDir) => build({ root, build: { outDir } }))
 */
export async function buildOnce(name: string, build: (outDir: string) => Promise<unknown>): Promise<string> {
  const outDir = join(inject('testRunDir'), name)
  const done = `${outDir}.done`
  const failed = `${outDir}.failed`
  const took = await mkdir(`${outDir}.lock`).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') return false
      throw error
    },
  )
  if (took) {
    try {
      await build(outDir)
    } catch (error) {
      await writeFile(failed, error instanceof Error ? error.message : String(error))
      throw error
    }
    await writeFile(done, '')
    return outDir
  }
  for (let waited = 0; waited < waitLimitMs; waited += 100) {
    if (await exists(done)) return outDir
    if (await exists(failed))
      throw new Error(`the run's build of ${name} failed: ${await readFile(failed, 'utf8')}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`the run's build of ${name} did not finish within ${waitLimitMs / 1000} s`)
}
