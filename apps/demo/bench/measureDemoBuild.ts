import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'

export type MeasureDemoBuildReturnType = {
  /** Every JavaScript file of the build, minified as Vite wrote it and gzip -9. */
  files: { name: string; minifiedBytes: number; gzipBytes: number }[]
  minifiedBytes: number
  gzipBytes: number
  /** The stylesheet, gzip -9. */
  cssGzipBytes: number
}

const demoRoot = fileURLToPath(new URL('../', import.meta.url))

/**
 * The demo's JavaScript as a browser downloads it: `vite build` with the demo's own config (into a
 * temp folder), each file sized minified and gzip -9 (every file counts, lazy chunks too).
 *
 * @example
 * const { gzipBytes } = await measureDemoBuild()
 */
export async function measureDemoBuild(): Promise<MeasureDemoBuildReturnType> {
  const outDir = await mkdtemp(join(tmpdir(), 'sigil-demo-size-'))
  try {
    await build({
      root: demoRoot,
      configFile: join(demoRoot, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    })
    const assets = join(outDir, 'assets')
    const names = await readdir(assets)
    const sized = await Promise.all(
      names.map(async (name) => {
        const contents = await readFile(join(assets, name))
        return {
          name,
          minifiedBytes: contents.byteLength,
          gzipBytes: gzipSync(contents, { level: 9 }).byteLength,
        }
      }),
    )
    const files = sized.filter(({ name }) => name.endsWith('.js')).sort((a, b) => b.gzipBytes - a.gzipBytes)
    return {
      files,
      minifiedBytes: files.reduce((sum, file) => sum + file.minifiedBytes, 0),
      gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
      cssGzipBytes: sized
        .filter(({ name }) => name.endsWith('.css'))
        .reduce((sum, file) => sum + file.gzipBytes, 0),
    }
  } finally {
    await rm(outDir, { recursive: true, force: true })
  }
}
