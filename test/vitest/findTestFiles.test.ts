import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { findTestFiles } from './findTestFiles.js'

let root: string
const files: Record<string, string> = {
  'packages/a/src/spawns.test.ts': "import { spawn } from 'node:child_process'\n",
  'packages/a/src/devnet.test.ts': 'const devnet = await startDevnet()\n',
  'packages/a/test/browser.test.ts': 'const browser = await launchChromium()\n',
  'packages/a/src/asks.test.ts': '// @sigil-test own-process: it changes process-wide state\n',
  'packages/a/src/provided.test.ts': "const { frameDir } = inject('browserAssets')\n",
  'packages/b/src/view.test.tsx': '// @vitest-environment happy-dom\n',
  'packages/b/src/pure.test.ts': "import { expect } from 'vitest'\n",
  'apps/demo/test/page.test.ts': "const testbed = await startDemoTestbed('x')\n",
  'test/layout.test.ts': 'expect(1).toBe(1)\n',
  'packages/a/node_modules/dep/dep.test.ts': "import 'node:child_process'\n",
  'packages/a/dist/built.test.ts': "import 'node:child_process'\n",
  'packages/a/src/helper.ts': "import 'node:child_process'\n",
}
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'sigil-find-tests-'))
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true })
    await writeFile(join(root, path), text)
  }
})
afterAll(() => rm(root, { recursive: true, force: true }))

test('default: files that start processes, Chromium or read the global setup get a process of their own', () => {
  const found = findTestFiles(root)
  expect(found.integration.sort()).toEqual([
    'apps/demo/test/page.test.ts',
    'packages/a/src/asks.test.ts',
    'packages/a/src/devnet.test.ts',
    'packages/a/src/provided.test.ts',
    'packages/a/src/spawns.test.ts',
    'packages/a/test/browser.test.ts',
  ])
  expect(found.dom).toEqual(['packages/b/src/view.test.tsx'])
  expect(found.unit.sort()).toEqual(['packages/b/src/pure.test.ts', 'test/layout.test.ts'])
})

test('behavior: every test file of the repository is in exactly one list', () => {
  const { unit, dom, integration } = findTestFiles(join(import.meta.dirname, '../..'))
  const all = [...unit, ...dom, ...integration]
  expect(new Set(all).size).toBe(all.length)
  expect(integration).toContain('packages/server/src/cli/cli.test.ts')
  expect(integration).toContain('apps/demo/test/demo.test.ts')
  expect(unit).toContain('packages/protocol/src/bundle/hpkeSeal.test.ts')
  expect(dom.length).toBeGreaterThan(0)
})
