import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build as esbuild } from 'esbuild'
import { build as viteBuild } from 'vite'

export type TestAssets = {
  /** The built key frames (`auth.html`, `export.html`, `assets/`), served by the Sigil server. */
  frameDir: string
  /** The test app page (`index.html`, `page.js`), served on its own origin. */
  pageDir: string
}

const frameRoot = fileURLToPath(new URL('../../../frame/', import.meta.url))
const pageRoot = fileURLToPath(new URL('./page/', import.meta.url))

/**
 * Builds what the Chromium suites load, from source, into a temp folder: the key frames with the
 * frame package's own Vite config (as `npm run build` does), and the test app page bundled with
 * esbuild from `@sigil/signer`'s source.
 *
 * @example
 * const { frameDir, pageDir } = await buildTestAssets()
 */
export async function buildTestAssets(): Promise<TestAssets> {
  const root = await mkdtemp(join(tmpdir(), 'sigil-browser-'))
  const frameDir = join(root, 'frame')
  const pageDir = join(root, 'page')
  await viteBuild({
    root: frameRoot,
    configFile: join(frameRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: frameDir, emptyOutDir: true },
  })
  await mkdir(pageDir, { recursive: true })
  await esbuild({
    entryPoints: [join(pageRoot, 'main.ts')],
    outfile: join(pageDir, 'page.js'),
    bundle: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    conditions: ['source'],
    sourcemap: 'inline',
    logLevel: 'warning',
  })
  await writeFile(join(pageDir, 'index.html'), await readFile(join(pageRoot, 'index.html')))
  return { frameDir, pageDir }
}
