import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { build } from 'vite'

export type BuildForStartParameters = {
  /** The repository's root folder. */
  repositoryRoot: string
  /** Where the demo goes; default `apps/demo/dist`. */
  demoOutDir?: string | undefined
}

/**
 * What `npm start` needs built, and nothing more: the key frames (served by the Sigil server), the
 * server itself (`tsc -b packages/server packages/devnet`, incremental, on another core meanwhile) and the demo,
 * which Vite bundles from the packages' TypeScript source. Quiet unless something fails.
 *
 * @example
 * await buildForStart({ repositoryRoot })
 */
export async function buildForStart({ repositoryRoot, demoOutDir }: BuildForStartParameters): Promise<void> {
  const server = compileServer(repositoryRoot)
  try {
    const frameRoot = join(repositoryRoot, 'packages/frame')
    await build({ root: frameRoot, configFile: join(frameRoot, 'vite.config.ts'), logLevel: 'error' })
    const demoRoot = join(repositoryRoot, 'apps/demo')
    await build({
      root: demoRoot,
      configFile: join(demoRoot, 'vite.config.ts'),
      logLevel: 'error',
      ...(demoOutDir ? { build: { outDir: demoOutDir, emptyOutDir: true } } : {}),
    })
  } finally {
    await server
  }
}

/** `tsc -b packages/server packages/devnet` in a child process; rejects with the compiler's output. */
async function compileServer(repositoryRoot: string): Promise<void> {
  const tsc = createRequire(join(repositoryRoot, 'package.json')).resolve('typescript/bin/tsc')
  try {
    await promisify(execFile)(process.execPath, [tsc, '-b', 'packages/server', 'packages/devnet'], {
      cwd: repositoryRoot,
      maxBuffer: 16 * 1024 * 1024,
    })
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    throw new Error(`tsc -b packages/server packages/devnet failed:\n${stdout}${stderr}`)
  }
}
