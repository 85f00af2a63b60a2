import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { packPackages, run } from '../vitest/packPackages.js'
import { readTarball } from './readTarball.js'

/**
 * `npm run pack` (docs: README, "Install") writes one complete tarball per public package: what each
 * holds and declares is read from the tarball itself, and `publint` and `@arethetypeswrong/cli` check it.
 * attw runs with `--profile esm-only`: the packages are ESM only (`"type": "module"`, `exports` without a
 * `require` condition, like viem's peers), so a CommonJS `require` (`node16-cjs`) and the pre-`exports`
 * `node10` resolution are not supported, by choice; ESM in Node (`node16` from ESM) and bundlers must
 * resolve every entry point with its types.
 *
 * @sigil-test own-process: it runs `npm run pack`, publint and attw in child processes (`run`) and shares
 * the run's folder (`buildOnce`).
 */
const root = join(import.meta.dirname, '../..')
const bin = (name: string) => join(root, 'node_modules/.bin', name)
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'))

type Manifest = {
  name: string
  version: string
  private?: boolean
  exports?: unknown
  bin?: Record<string, string>
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
}

const publicPackages: Manifest[] = (readJson(join(root, 'package.json')).workspaces as string[])
  .map((dir): Manifest => readJson(join(root, dir, 'package.json')))
  .filter((manifest) => !manifest.private)
const tarballOf = (manifest: Manifest) =>
  `${manifest.name.replace('@', '').replace('/', '-')}-${manifest.version}.tgz`

/** Every file path an `exports` map names (each condition's target, `./` dropped). */
function exportTargets(exports: unknown): string[] {
  if (typeof exports === 'string') return [exports.replace(/^\.\//, '')]
  if (exports && typeof exports === 'object') return Object.values(exports).flatMap(exportTargets)
  return []
}

let dir: string
let tarballs: string[]

beforeAll(async () => {
  ;({ dir, tarballs } = await packPackages())
}, 600_000)

describe('npm run pack', () => {
  test('default: writes one tarball per public package, and none of the private ones', () => {
    expect(publicPackages.map((manifest) => manifest.name).sort()).toEqual([
      '@sigil/accounts',
      '@sigil/core',
      '@sigil/frame',
      '@sigil/protocol',
      '@sigil/react',
      '@sigil/server',
      '@sigil/signer',
      '@sigil/wagmi',
    ])
    expect(tarballs).toEqual(publicPackages.map(tarballOf).sort())
  })
})

describe.each(publicPackages.map((manifest) => [manifest.name, manifest] as const))(
  '%s tarball',
  (name, manifest) => {
    const files = () => readTarball(join(dir, tarballOf(manifest)))

    test('default: holds its manifest, README, the repository LICENSE and every file its exports and bin name', () => {
      const packed = files()
      const packedManifest = JSON.parse(packed.get('package.json')?.toString() ?? '{}') as Manifest
      expect(packedManifest.name).toBe(name)
      expect(packed.get('README.md')?.length).toBeGreaterThan(0)
      expect(packed.get('LICENSE')?.toString()).toBe(readFileSync(join(root, 'LICENSE'), 'utf8'))
      const missing = [
        ...exportTargets(packedManifest.exports),
        ...Object.values(packedManifest.bin ?? {}).map((path) => path.replace(/^\.\//, '')),
      ].filter((path) => !packed.has(path))
      expect(missing).toEqual([])
    })

    test('behavior: no test file, test helper, test vector or build info is packed', () => {
      const unwanted = [...files().keys()].filter((path) =>
        /\.test\.tsx?$|(^|\/)test\/|\.vectors\.ts$|\.tsbuildinfo$/.test(path),
      )
      expect(unwanted).toEqual([])
    })

    test('behavior: its @sigil dependencies are registry ranges matching the packed versions, no workspace paths', () => {
      const packedManifest = JSON.parse(files().get('package.json')?.toString() ?? '{}') as Manifest
      const ranges = {
        ...packedManifest.dependencies,
        ...packedManifest.peerDependencies,
        ...packedManifest.optionalDependencies,
      }
      expect(
        Object.entries(ranges).filter(([, range]) => /^(workspace|file|link|portal):/.test(range)),
      ).toEqual([])
      for (const [dependency, range] of Object.entries(ranges).filter(([key]) => key.startsWith('@sigil/'))) {
        const target = publicPackages.find((candidate) => candidate.name === dependency)
        expect(target, `${name} depends on ${dependency}, which is not published`).toBeDefined()
        expect(range).toBe(`^${target?.version}`)
      }
    })

    test('default: publint --strict finds nothing', async () => {
      const { stdout } = await run(bin('publint'), ['run', join(dir, tarballOf(manifest)), '--strict'], {
        cwd: dir,
      })
      expect(stdout).toContain('All good!')
    })

    test('default: attw --profile esm-only finds no problem', async () => {
      // attw exits 1 on a problem, which `run` turns into a rejection carrying its table.
      const { stdout } = await run(
        bin('attw'),
        [join(dir, tarballOf(manifest)), '--profile', 'esm-only', '--format', 'ascii'],
        { cwd: dir },
      )
      if (name === '@sigil/frame') expect(stdout).toContain('This package does not contain types')
      else expect(stdout).toContain('node16 (from ESM): 🟢 (ESM)')
    })
  },
)

describe('@sigil/server and @sigil/frame tarballs', () => {
  test('default: the server runs its CLI from dist and finds the built key frames in @sigil/frame', () => {
    const server = readTarball(join(dir, tarballOf(publicPackages.find((m) => m.name === '@sigil/server')!)))
    const frame = readTarball(join(dir, tarballOf(publicPackages.find((m) => m.name === '@sigil/frame')!)))
    const serverManifest = JSON.parse(server.get('package.json')?.toString() ?? '{}') as Manifest
    expect(serverManifest.bin).toEqual({ 'sigil-server': './bin/sigil-server.js' })
    expect(server.get('bin/sigil-server.js')?.toString()).toContain("import '../dist/cli.js'")
    expect(server.has('dist/cli.js')).toBe(true)
    expect(serverManifest.dependencies?.['@sigil/frame']).toBeDefined()
    // resolveFrameDir: the `dist` folder beside @sigil/frame's package.json, with auth.html in it.
    expect(
      [...frame.keys()].filter((path) => /^dist\/(auth|export|import)\.html$/.test(path)).sort(),
    ).toEqual(['dist/auth.html', 'dist/export.html', 'dist/import.html'])
    expect([...frame.keys()].filter((path) => /^dist\/assets\/auth-.*\.js$/.test(path))).toHaveLength(1)
  })
})
