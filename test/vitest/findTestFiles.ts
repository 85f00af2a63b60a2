import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/** Where test files live (relative to the repository root): beside the code, and each package's `test/`. */
const testRoots = ['packages', 'apps', 'test']
const testFile = /\.test\.tsx?$/

/**
 * What makes a test file need a process of its own (the `integration` project): it starts other
 * processes or servers (a child process, the devnet, Chromium, nginx, a server CLI, a cluster), or reads
 * what the global setup provides, or captures the process's console (`vi.spyOn(console, …)`: another file's
 * late output would land in it). Every other file (the `unit` project) shares a worker with other files,
 * with its modules loaded once per worker (Vitest's `isolate: false`): docs/testing.md.
 */
const needsOwnProcess = new RegExp(
  [
    'node:child_process',
    'node:cluster',
    '\\binject\\(',
    '\\bstartDevnet\\(',
    '\\bstartSolanaDevnet\\(',
    '\\bstartTestChain\\(',
    '\\bstartPaymasterTestChain\\(',
    '\\bstartDevnetGateway\\(',
    '\\blaunchChromium\\(',
    '\\bstartAccountKitSignerPage\\(',
    '\\bstart\\w*Testbed\\(',
    '\\bspawnServer\\(',
    '\\brunCli\\(',
    '\\bstartTopology\\(',
    '\\bstartNginx\\w*\\(',
    '\\bstartCluster\\(',
    '\\bstartTwoInstances\\(',
    '\\bspyOn\\(console\\b',
    '@sigil-test own-process',
  ].join('|'),
)

function listTestFiles(root: string, dir: string): string[] {
  const files: string[] = []
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    // `.next` and `.next-test`: the Next.js example's builds.
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.next')) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) files.push(...listTestFiles(root, path))
    else if (testFile.test(entry.name)) files.push(path)
  }
  return files
}

/** A file that runs in a DOM (`// @vitest-environment happy-dom`). */
const inDom = /@vitest-environment happy-dom/

/**
 * The repository's test files, split by what each file's own text does: those that run in a process of
 * their own (`integration`, `needsOwnProcess`; a file can ask for one with the comment
 * `@sigil-test own-process`), and of the others, which share workers, those that run in a DOM (`dom`) and
 * those that run in plain Node (`unit`). A shared worker only takes files of its own environment, so the
 * two kinds are kept apart.
 *
 * @example
 * const { unit, dom, integration } = findTestFiles(root) // ['packages/protocol/src/…test.ts', …]
 */
export function findTestFiles(root: string): { unit: string[]; dom: string[]; integration: string[] } {
  const found = { unit: [] as string[], dom: [] as string[], integration: [] as string[] }
  for (const path of testRoots.flatMap((dir) => listTestFiles(root, dir))) {
    const file = relative(root, join(root, path))
    const text = readFileSync(join(root, file), 'utf8')
    found[needsOwnProcess.test(text) ? 'integration' : inDom.test(text) ? 'dom' : 'unit'].push(file)
  }
  return found
}
