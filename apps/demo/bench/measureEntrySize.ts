import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

export type MeasureEntrySizeParameters = {
  /** The module to bundle, e.g. `export * from '@sigil/react'`, or a file with `entryPoint`. */
  contents?: string | undefined
  entryPoint?: string | undefined
  /** Packages left out (with their subpaths), as an app that has them anyway. */
  external: string[]
}

export type MeasureEntrySizeReturnType = {
  /** Minified JavaScript bytes. */
  minifiedBytes: number
  /** Minified, then gzip -9. */
  gzipBytes: number
  /** Bytes per package in the minified output (`@sigil/react`, `@tanstack/query-core`, …), largest first. */
  packages: { name: string; bytes: number }[]
}

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url))
const demoRoot = fileURLToPath(new URL('../', import.meta.url))

/** `packages/react/src/…` → `@sigil/react`; `node_modules/@tanstack/query-core/…` → `@tanstack/query-core`. */
function packageOf(path: string): string {
  const workspace = /^(?:packages|apps)\/([^/]+)\//.exec(path)
  if (workspace) return `@sigil/${workspace[1]}`
  const installed = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)
  return installed?.[1] ?? path
}

/**
 * What an app ships for an entry: an esbuild bundle from the packages' TypeScript source (minified
 * ESM for the browser, production React, CSS left out), with the given packages external, sized
 * minified and minified + gzip -9, with each package's share from the metafile.
 *
 * @example
 * const { gzipBytes } = await measureEntrySize({ contents: "export * from '@sigil/react'", external: ['react'] })
 */
export async function measureEntrySize(
  parameters: MeasureEntrySizeParameters,
): Promise<MeasureEntrySizeReturnType> {
  const result = await build({
    ...(parameters.contents
      ? { stdin: { contents: parameters.contents, resolveDir: demoRoot, loader: 'ts' as const } }
      : { entryPoints: [parameters.entryPoint!] }),
    outfile: 'entry.js',
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    conditions: ['source'],
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.css': 'empty' },
    external: parameters.external.flatMap((name) => [name, `${name}/*`]),
    metafile: true,
    absWorkingDir: repositoryRoot,
    logLevel: 'error',
  })
  const output = result.outputFiles.find((file) => file.path.endsWith('.js'))
  const meta = Object.entries(result.metafile.outputs).find(([path]) => path.endsWith('.js'))?.[1]
  if (!output || !meta) throw new Error('esbuild wrote no bundle')
  const byPackage = new Map<string, number>()
  for (const [path, input] of Object.entries(meta.inputs))
    byPackage.set(packageOf(path), (byPackage.get(packageOf(path)) ?? 0) + input.bytesInOutput)
  return {
    minifiedBytes: output.contents.byteLength,
    gzipBytes: gzipSync(output.contents, { level: 9 }).byteLength,
    packages: [...byPackage]
      .map(([name, bytes]) => ({ name, bytes }))
      .filter(({ bytes }) => bytes > 0)
      .sort((a, b) => b.bytes - a.bytes),
  }
}
