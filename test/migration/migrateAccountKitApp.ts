import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { migrateSource } from './migrateSource.js'
import { readMigrationMaps } from './readMigrationMaps.js'

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url))
export const guidePath = join(repositoryRoot, 'docs/migrating-from-account-kit.md')
export const fixtureDir = fileURLToPath(new URL('./accountKitApp/', import.meta.url))

export type MigratedApp = {
  /** The migrated sources, `index.html` and a `tsconfig.json`, inside the repository's `node_modules/.cache`. */
  dir: string
  /** The migrated file names (`App.tsx`, …) and their code. */
  files: Map<string, string>
}

/**
 * Migrates the Account Kit fixture app (`accountKitApp/`) by the guide: reads its import and name maps
 * and applies them to each `.ts`/`.tsx` file, then writes the result with the page and a
 * `tsconfig.json` into a fresh folder under `node_modules/.cache/sigil-migration/`, where the
 * workspace's packages resolve as an app's dependencies would. Throws, naming them, when the maps miss
 * a name or module the fixture imports, or mark one as having no Sigil counterpart.
 *
 * @example
 * const app = await migrateAccountKitApp()
 * await typecheckApp(app.dir)
 */
export async function migrateAccountKitApp(): Promise<MigratedApp> {
  const maps = readMigrationMaps(await readFile(guidePath, 'utf8'))
  const cache = join(repositoryRoot, 'node_modules/.cache/sigil-migration')
  await mkdir(cache, { recursive: true })
  const dir = await mkdtemp(join(cache, 'app-'))
  const files = new Map<string, string>()
  const problems: string[] = []
  for (const name of await readdir(fixtureDir)) {
    if (!/\.tsx?$/.test(name)) {
      await copyFile(join(fixtureDir, name), join(dir, name))
      continue
    }
    const result = migrateSource(name, await readFile(join(fixtureDir, name), 'utf8'), maps)
    for (const each of result.unmapped) problems.push(`${name}: the name map has no row for ${each}`)
    for (const each of result.unsupported)
      problems.push(`${name}: the name map gives no Sigil name for ${each}`)
    for (const each of result.unmappedModules) problems.push(`${name}: the import map has no row for ${each}`)
    files.set(name, result.code)
    await writeFile(join(dir, name), result.code)
  }
  if (problems.length) {
    await rm(dir, { recursive: true, force: true })
    throw new Error(`the guide does not migrate the fixture:\n${problems.join('\n')}`)
  }
  await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(appTsconfig, null, 2))
  return { dir, files }
}

/** An app's strict tsconfig (as apps/demo's), on the repository's base; packages resolve from source. */
const appTsconfig = {
  extends: join(repositoryRoot, 'tsconfig.base.json'),
  compilerOptions: {
    jsx: 'react-jsx',
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    types: [],
    noEmit: true,
    composite: false,
    declaration: false,
    declarationMap: false,
    module: 'ESNext',
    moduleResolution: 'Bundler',
  },
  include: ['*.ts', '*.tsx'],
}
