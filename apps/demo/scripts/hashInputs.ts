import { createHash } from 'node:crypto'
import { readdir, readFile, stat } from 'node:fs/promises'
import { join, relative } from 'node:path'

/** Folders never read as inputs: other builds' outputs and dependencies. */
const skipped = new Set(['node_modules', 'dist', '.git', 'test-results', '.turbo'])

/**
 * A SHA-256 (hex) of the files under `paths` (files or folders, relative to `root`): each file's
 * path and content, in sorted order, skipping `node_modules`, `dist` and test files (`*.test.ts(x)`),
 * which no build reads. A missing path counts as empty, so creating it changes the hash.
 *
 * @example
 * const hash = await hashInputs(repositoryRoot, ['packages/server/src', 'package-lock.json'])
 */
export async function hashInputs(root: string, paths: string[]): Promise<string> {
  const files: string[] = []
  for (const path of paths) await collect(root, join(root, path), files)
  const hash = createHash('sha256')
  for (const file of [...new Set(files)].sort()) {
    hash.update(`${relative(root, file)}\0`)
    hash.update(await readFile(file))
    hash.update('\0')
  }
  return hash.digest('hex')
}

async function collect(root: string, path: string, files: string[]): Promise<void> {
  const found = await stat(path).catch(() => undefined)
  if (!found) return
  if (found.isFile()) {
    files.push(path)
    return
  }
  if (!found.isDirectory()) return
  for (const entry of await readdir(path, { withFileTypes: true })) {
    if (skipped.has(entry.name)) continue
    if (entry.isFile() && /\.test\.tsx?$/.test(entry.name)) continue
    await collect(root, join(path, entry.name), files)
  }
}
