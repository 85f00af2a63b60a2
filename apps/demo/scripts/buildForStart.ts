import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'
import { build } from 'vite'
import { type BuildStep, type BuildStepResult, runBuildSteps } from './runBuildSteps.js'

export type BuildForStartParameters = {
  /** The repository's root folder. */
  repositoryRoot: string
  /** Where the demo goes; default `apps/demo/dist`. */
  demoOutDir?: string | undefined
  /** Build every step even when its inputs have not changed (`npm start -- --rebuild`). */
  rebuild?: boolean | undefined
  /** Prints one line (default `console.log`). */
  log?: ((line: string) => void) | undefined
}

/** A workspace package's files that its build reads. */
const workspace = (path: string) => [`${path}/src`, `${path}/package.json`, `${path}/tsconfig.json`]
/** What every build reads besides its own sources: the lockfile (the dependencies' versions) and the shared compiler settings. */
const shared = ['package-lock.json', 'package.json', 'tsconfig.base.json']

/**
 * What `npm start` needs built, and nothing more: the key frames (served by the Sigil server), the
 * server and the devnet (`tsc -b`, incremental, in another process meanwhile) and the demo, which Vite
 * bundles from the packages' TypeScript source. Each step is skipped when the hash of its inputs
 * (sources, package.json files, the lockfile) is the one stored next to its output by its last build
 * (`runBuildSteps`); progress is printed as each step finishes.
 *
 * @example
 * await buildForStart({ repositoryRoot })
 */
export function buildForStart(parameters: BuildForStartParameters): Promise<BuildStepResult[]> {
  const { repositoryRoot, rebuild, log } = parameters
  return runBuildSteps({
    root: repositoryRoot,
    steps: buildStepsForStart(parameters),
    rebuild,
    log,
  })
}

/** The three steps of `buildForStart`, with their inputs and outputs (paths relative to the repository). */
export function buildStepsForStart({ repositoryRoot, demoOutDir }: BuildForStartParameters): BuildStep[] {
  const frameRoot = join(repositoryRoot, 'packages/frame')
  const demoRoot = join(repositoryRoot, 'apps/demo')
  const demoDir = relative(repositoryRoot, demoOutDir ?? join(demoRoot, 'dist'))
  return [
    {
      name: 'server and devnet',
      inputs: [
        ...shared,
        ...workspace('packages/protocol'),
        ...workspace('packages/server'),
        ...workspace('packages/devnet'),
      ],
      outputs: [
        'packages/server/dist/cli.js',
        'packages/devnet/dist/cli.js',
        'packages/protocol/dist/index.js',
      ],
      hashFile: 'packages/server/dist/.start-inputs-hash',
      run: () => compileServer(repositoryRoot),
    },
    {
      name: 'key frames',
      inputs: [
        ...shared,
        ...workspace('packages/protocol'),
        ...workspace('packages/frame'),
        'packages/frame/auth.html',
        'packages/frame/export.html',
        'packages/frame/import.html',
        'packages/frame/vite.config.ts',
      ],
      outputs: [
        'packages/frame/dist/auth.html',
        'packages/frame/dist/export.html',
        'packages/frame/dist/import.html',
      ],
      hashFile: 'packages/frame/dist/.start-inputs-hash',
      run: async () => {
        await build({ root: frameRoot, configFile: join(frameRoot, 'vite.config.ts'), logLevel: 'error' })
      },
    },
    {
      name: 'demo',
      // Vite builds one thing at a time here; the compiler has the other core.
      after: ['key frames'],
      inputs: [
        ...shared,
        ...['protocol', 'signer', 'accounts', 'core', 'react'].flatMap((name) =>
          workspace(`packages/${name}`),
        ),
        'apps/demo/src',
        'apps/demo/index.html',
        'apps/demo/vite.config.ts',
        'apps/demo/package.json',
        'apps/demo/tsconfig.json',
      ],
      outputs: [join(demoDir, 'index.html')],
      hashFile: join(demoDir, '.start-inputs-hash'),
      run: async () => {
        await build({
          root: demoRoot,
          configFile: join(demoRoot, 'vite.config.ts'),
          logLevel: 'error',
          ...(demoOutDir ? { build: { outDir: demoOutDir, emptyOutDir: true } } : {}),
        })
      },
    },
  ]
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
