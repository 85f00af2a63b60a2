import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

export type BundleInput = { path: string; bytes: number }

export type MeasureBundleSizeParameters = {
  /** Bundle viem too (tree-shaken to what the signer imports) instead of leaving it external. */
  withViem?: boolean
  /**
   * The exports to keep, as an app's `import { … } from '@sigil/signer'` (the rest is tree-shaken);
   * default every export.
   */
  exports?: string[]
}

export type MeasureBundleSizeReturnType = {
  /** Minified bytes. */
  minifiedBytes: number
  /** Minified, then gzip level 9. */
  gzipBytes: number
  /** Every input's bytes in the minified output, largest first. */
  inputs: BundleInput[]
  /** The packages left out of the bundle. */
  external: string[]
}

const packageRoot = fileURLToPath(new URL('../', import.meta.url))
const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url))
const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url))
/** The peer dependencies, with their subpaths (`viem/accounts`, `viem/utils`). */
const peers = ['viem', '@solana/kit']

/**
 * What an app ships for `import … from '@sigil/signer'`: an esbuild bundle of the package's source
 * (minified ESM for the browser, every export kept) with the peer dependencies external, sized
 * minified and minified + gzip -9, with each input's share of the minified output from the metafile.
 *
 * @example
 * const { gzipBytes, inputs } = await measureBundleSize()
 */
export async function measureBundleSize(
  parameters: MeasureBundleSizeParameters = {},
): Promise<MeasureBundleSizeReturnType> {
  const external = peers
    .filter((name) => !(parameters.withViem && name === 'viem'))
    .flatMap((name) => [name, `${name}/*`])
  const result = await build({
    ...(parameters.exports
      ? {
          stdin: {
            contents: `export { ${parameters.exports.join(', ')} } from '@sigil/signer'`,
            resolveDir: packageRoot,
            loader: 'ts' as const,
          },
        }
      : { entryPoints: [entry] }),
    outfile: 'sigil-signer.js',
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: ['source'],
    external,
    metafile: true,
    // Metafile paths relative to the repository: `packages/protocol/src/…`, `node_modules/@noble/…`.
    absWorkingDir: repositoryRoot,
    logLevel: 'error',
  })
  const output = result.outputFiles.find((file) => file.path.endsWith('sigil-signer.js'))
  const meta = Object.values(result.metafile.outputs)[0]
  if (!output || !meta) throw new Error('esbuild wrote no bundle')
  const inputs = Object.entries(meta.inputs)
    .map(([path, input]) => ({ path, bytes: input.bytesInOutput }))
    .filter((input) => input.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes)
  return {
    minifiedBytes: output.contents.byteLength,
    gzipBytes: gzipSync(output.contents, { level: 9 }).byteLength,
    inputs,
    external,
  }
}
