import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { build, type Plugin } from 'esbuild'

/**
 * Bare imports stay imports of `node_modules` (native addons, and every library loads as it does in
 * production); only Sigil's own workspace packages are bundled, from their TypeScript source.
 */
const externalLibraries: Plugin = {
  name: 'external-libraries',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      path.startsWith('@sigil/') ? undefined : { path, external: true },
    )
  },
}

/**
 * A package's CLI (`<packageRoot>/src/cli.ts`) built once from TypeScript source into one ESM bundle (split
 * where the CLI loads a command on demand), for the test run's child processes: `node <cli.js>` starts in
 * about a third of the time of `node --import tsx src/cli.ts`, which transpiles and resolves every module
 * through tsx's loader in each process. The bundle is written below `<packageRoot>/node_modules/` so that
 * its bare imports (`createRequire(import.meta.url).resolve('secp256k1')`, …) resolve as the sources' do.
 * Returns the path of `cli.js` and a function that deletes the bundle.
 *
 * @example
 * const { cliPath, remove } = await bundleCli('packages/server', 'run-1')
 * // spawn(process.execPath, [cliPath, 'start', '--port', '0', …])
 */
export async function bundleCli(
  packageRoot: string,
  name: string,
): Promise<{ cliPath: string; remove(): Promise<void> }> {
  const outDir = join(packageRoot, 'node_modules', '.sigil-test', name)
  await mkdir(outDir, { recursive: true })
  await build({
    entryPoints: [join(packageRoot, 'src/cli.ts')],
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    conditions: ['source'],
    plugins: [externalLibraries],
    logLevel: 'warning',
  })
  return { cliPath: join(outDir, 'cli.js'), remove: () => rm(outDir, { recursive: true, force: true }) }
}
