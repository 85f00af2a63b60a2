import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import madge from 'madge'
import { describe, expect, test } from 'vitest'

/**
 * The rules of the repository's layout that docs/architecture.md states, checked on the tree:
 * no import cycle (type imports included), React reaches the SDK only through `@sigil/core`,
 * comments cite only documents in the repository, and every `docs/…` link they make resolves.
 */
const root = join(import.meta.dirname, '..')
const sourceRoots = [
  'packages/protocol/src',
  'packages/signer/src',
  'packages/core/src',
  'packages/react/src',
  'packages/wagmi/src',
  'packages/server/src',
  'packages/accounts/src',
  'packages/devnet/src',
  'packages/frame/src',
  'apps/demo/src',
  'apps/next-example/app',
]

/** Every `.ts`/`.tsx` file below `dir` (relative to the repo), skipping `node_modules` and builds. */
function listSources(dir: string): string[] {
  const files: string[] = []
  for (const name of readdirSync(join(root, dir))) {
    if (name === 'node_modules' || name === 'dist') continue
    const path = join(dir, name)
    if (statSync(join(root, path)).isDirectory()) files.push(...listSources(path))
    else if (/\.tsx?$/.test(name)) files.push(path)
  }
  return files
}

const isTest = (path: string) => /\.test\.tsx?$|\/test\//.test(path)

/** The GitHub anchor of a Markdown heading. */
function toAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-')
}

function readAnchors(doc: string): Set<string> {
  const headings = readFileSync(join(root, doc), 'utf8')
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => toAnchor(line.replace(/^#+ /, '')))
  return new Set(headings)
}

describe('repository layout', () => {
  test('behavior: no import cycle, type imports included', async () => {
    const graph = await madge(
      sourceRoots.map((dir) => join(root, dir)),
      {
        fileExtensions: ['ts', 'tsx'],
        tsConfig: join(root, 'tsconfig.base.json'),
        detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
      },
    )
    expect(graph.circular()).toEqual([])
  }, 120_000)

  test('behavior: React reaches the signer SDK only through @sigil/core', () => {
    const offenders = listSources('packages/react/src')
      .filter((path) => !isTest(path))
      .filter((path) => readFileSync(join(root, path), 'utf8').includes('@sigil/signer'))
    expect(offenders).toEqual([])
    const manifest = JSON.parse(readFileSync(join(root, 'packages/react/package.json'), 'utf8'))
    expect(Object.keys(manifest.dependencies ?? {})).not.toContain('@sigil/signer')
  })

  test('behavior: comments cite no document outside the repository', () => {
    const citations = sourceRoots
      .flatMap((dir) => listSources(dir))
      .concat(listSources('packages/signer/test'), listSources('packages/server/test'))
      .flatMap((path) =>
        readFileSync(join(root, path), 'utf8')
          .split('\n')
          .map((line, index) => ({ path, line: index + 1, text: line }))
          .filter(({ text }) => /(reference|spec|DESIGN|account-kit\.md|turnkey-protocol)\s*§/.test(text)),
      )
      .map(({ path, line }) => `${path}:${line}`)
    expect(citations).toEqual([])
  })

  test('behavior: every docs/ link in the code names a file and heading that exist', () => {
    const broken: string[] = []
    const anchors = new Map<string, Set<string>>()
    for (const path of sourceRoots.flatMap((dir) => listSources(dir))) {
      const text = readFileSync(join(root, path), 'utf8')
      for (const match of text.matchAll(/\bdocs\/([\w.-]+\.md)(?:#([\w-]+))?/g)) {
        const [link, file, anchor] = match
        const doc = `docs/${file}`
        if (!existsSync(join(root, doc))) {
          broken.push(`${relative(root, join(root, path))}: ${link}`)
          continue
        }
        if (!anchor) continue
        if (!anchors.has(doc)) anchors.set(doc, readAnchors(doc))
        if (!anchors.get(doc)?.has(anchor)) broken.push(`${path}: ${link}`)
      }
    }
    expect(broken).toEqual([])
  })

  test('behavior: every repository path docs/architecture.md names exists', () => {
    const text = readFileSync(join(root, 'docs/architecture.md'), 'utf8')
    const paths = [...text.matchAll(/`((?:packages|apps|docs)\/[\w./-]+?)`/g)].map(
      ([, path]) => path as string,
    )
    expect(paths.length).toBeGreaterThan(20)
    expect(paths.filter((path) => !existsSync(join(root, path)))).toEqual([])
  })
})
