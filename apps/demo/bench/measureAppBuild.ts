import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build, defaultClientConditions } from 'vite'

export type MeasureAppBuildParameters = {
  /** The app's folder, with its `index.html`. */
  root: string
  /**
   * Resolve conditions before Vite's client ones; default `['source']` (Sigil's packages from source,
   * as the demo builds them). An app of installed packages only passes `[]`.
   */
  resolveConditions?: string[] | undefined
}

export type AppChunk = {
  name: string
  minifiedBytes: number
  gzipBytes: number
  /** Fetched before the first render: the entry or a chunk it imports statically (a modulepreload). */
  atStartup: boolean
  /** The modules of the chunk, by package, largest first (bytes as rendered in the chunk). */
  packages: { name: string; bytes: number }[]
}

export type MeasureAppBuildReturnType = {
  chunks: AppChunk[]
  /** The JavaScript the browser fetches before the first render, min+gzip -9. */
  startup: { minifiedBytes: number; gzipBytes: number }
  /** Every JavaScript chunk, lazy ones too. */
  all: { minifiedBytes: number; gzipBytes: number }
}

/** `packages/react/src/…` → `@sigil/react`; `node_modules/@tanstack/query-core/…` → `@tanstack/query-core`. */
function packageOf(id: string): string {
  const installed = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)
  if (installed) return installed[1]!
  const workspace = /\/(?:packages|apps)\/([^/]+)\//.exec(id)
  if (workspace) return `@sigil/${workspace[1]}`
  return id.startsWith('\0') ? '(bundler helpers)' : id
}

/**
 * Builds an app the way an app builds itself (`vite build` with the React plugin, Sigil's packages
 * from source as the demo does, production mode, into a temp folder) and sizes its JavaScript,
 * minified as Vite writes it and gzip -9: at start-up (the entry chunk and every chunk it imports
 * statically, which the built `index.html` modulepreloads) and in all (lazy chunks too).
 *
 * @example
 * const { startup, all } = await measureAppBuild({ root: 'apps/demo/bench/apps/minimal' })
 */
export async function measureAppBuild({
  root,
  resolveConditions = ['source'],
}: MeasureAppBuildParameters): Promise<MeasureAppBuildReturnType> {
  const outDir = await mkdtemp(join(tmpdir(), 'sigil-app-size-'))
  try {
    const result = await build({
      root,
      configFile: false,
      mode: 'production',
      logLevel: 'error',
      plugins: [react()],
      resolve: { conditions: [...resolveConditions, ...defaultClientConditions] },
      build: { target: 'es2022', outDir, emptyOutDir: true, sourcemap: false },
    })
    const outputs = (Array.isArray(result) ? result : [result]).flatMap((each) =>
      'output' in each ? each.output : [],
    )
    const chunks = outputs.filter((output) => output.type === 'chunk')
    const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
    // The entry and its static imports, transitively: what `index.html` loads and modulepreloads.
    const startup = new Set<string>()
    const visit = (fileName: string) => {
      if (startup.has(fileName)) return
      startup.add(fileName)
      for (const imported of byFileName.get(fileName)?.imports ?? []) visit(imported)
    }
    for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName)
    // The built page is the browser's view: every script and modulepreload it names counts too.
    const html = await readFile(join(outDir, 'index.html'), 'utf8')
    for (const [, href] of html.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)) startup.add(href!)

    const sized: AppChunk[] = await Promise.all(
      chunks.map(async (chunk) => {
        const contents = await readFile(join(outDir, chunk.fileName))
        const byPackage = new Map<string, number>()
        for (const [id, module] of Object.entries(chunk.modules))
          byPackage.set(packageOf(id), (byPackage.get(packageOf(id)) ?? 0) + module.renderedLength)
        return {
          name: chunk.fileName,
          minifiedBytes: contents.byteLength,
          gzipBytes: gzipSync(contents, { level: 9 }).byteLength,
          atStartup: startup.has(chunk.fileName),
          packages: [...byPackage]
            .map(([name, bytes]) => ({ name, bytes }))
            .filter(({ bytes }) => bytes > 0)
            .sort((a, b) => b.bytes - a.bytes),
        }
      }),
    )
    sized.sort((a, b) => Number(b.atStartup) - Number(a.atStartup) || b.gzipBytes - a.gzipBytes)
    const total = (files: AppChunk[]) => ({
      minifiedBytes: files.reduce((sum, file) => sum + file.minifiedBytes, 0),
      gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
    })
    return { chunks: sized, startup: total(sized.filter((chunk) => chunk.atStartup)), all: total(sized) }
  } finally {
    await rm(outDir, { recursive: true, force: true })
  }
}
