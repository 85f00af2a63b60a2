import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

/**
 * `npm run pack`: the public packages as npm tarballs in `dist-packages/` (README, "Install"). Each
 * public package's build output is deleted first (`dist` and tsc's build info, which sits beside the
 * tsconfig): `tsc -b` trusts its build info, so a deleted `dist` would not be written again, and a
 * source file removed since the last build would leave its output behind, inside the tarball. Then
 * `npm run build` builds everything and `npm pack` packs each of them (every workspace that is not `private`).
 *
 * @example
 * node --import tsx scripts/pack.ts // dist-packages/sigil-protocol-0.1.0.tgz, …
 */
const root = join(import.meta.dirname, '..')
const outDir = join(root, 'dist-packages')
const workspaces = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces as string[]).map(
  (dir) => ({ dir, manifest: JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) }),
)

const publicWorkspaces = workspaces.filter(({ manifest }) => !manifest.private)
for (const { dir } of publicWorkspaces)
  for (const output of ['dist', 'tsconfig.tsbuildinfo'])
    rmSync(join(root, dir, output), { recursive: true, force: true })
rmSync(outDir, { recursive: true, force: true })
mkdirSync(outDir)

const npm = (args: string[]) => execFileSync('npm', args, { cwd: root, stdio: 'inherit' })
npm(['run', 'build'])
npm([
  'pack',
  '--pack-destination',
  outDir,
  ...publicWorkspaces.flatMap(({ manifest }) => ['-w', manifest.name]),
])
