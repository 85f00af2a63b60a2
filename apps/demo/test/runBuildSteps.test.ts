import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { buildStepsForStart } from '../scripts/buildForStart.js'
import { type BuildStep, runBuildSteps } from '../scripts/runBuildSteps.js'

/**
 * `npm start`'s build steps (`runBuildSteps`) on real files in a temp folder: two steps that each
 * bundle their own sources into an output file, as Vite and tsc do, with a shared lockfile.
 */

let root: string
let runs: Record<string, number>
let lines: string[]
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'sigil-build-steps-'))
  for (const [path, text] of Object.entries({
    'package-lock.json': '{"lockfileVersion":3}',
    'server/src/index.ts': 'export const server = 1',
    'demo/src/main.ts': 'export const demo = 1',
    'demo/src/main.test.ts': 'test()',
  })) {
    await mkdir(join(root, path, '..'), { recursive: true })
    await writeFile(join(root, path), text)
  }
  runs = { server: 0, demo: 0 }
  lines = []
})
afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

/** A step that concatenates the files of `<name>/src` into `<name>/dist/out.js`. */
const step = (name: 'server' | 'demo', run?: () => Promise<void>): BuildStep => ({
  name,
  inputs: ['package-lock.json', `${name}/src`],
  outputs: [`${name}/dist/out.js`],
  hashFile: `${name}/dist/.start-inputs-hash`,
  async run() {
    runs[name] = (runs[name] ?? 0) + 1
    await run?.()
    await mkdir(join(root, name, 'dist'), { recursive: true })
    const source = await readFile(join(root, name, 'src', name === 'server' ? 'index.ts' : 'main.ts'), 'utf8')
    await writeFile(join(root, name, 'dist', 'out.js'), source)
  },
})

const build = (options: { rebuild?: boolean; steps?: BuildStep[] } = {}) =>
  runBuildSteps({
    root,
    steps: options.steps ?? [step('server'), step('demo')],
    rebuild: options.rebuild,
    log: (line) => lines.push(line),
  })
const mtime = async (path: string) => (await stat(join(root, path))).mtimeMs

describe('runBuildSteps', () => {
  test('default: the first run builds each step and prints its time; the second finds each up to date and leaves the outputs alone', async () => {
    await build()
    expect(runs).toEqual({ server: 1, demo: 1 })
    expect(lines).toEqual([
      expect.stringMatching(/^ {2}(server|demo) +built in \d+\.\d s$/),
      expect.stringMatching(/^ {2}(server|demo) +built in \d+\.\d s$/),
    ])
    const before = { server: await mtime('server/dist/out.js'), demo: await mtime('demo/dist/out.js') }

    lines = []
    const results = await build()
    expect(runs).toEqual({ server: 1, demo: 1 })
    expect(lines.sort()).toEqual(['  demo    up to date', '  server  up to date'])
    expect(results.map((result) => result.built)).toEqual([false, false])
    expect(await mtime('server/dist/out.js')).toBe(before.server)
    expect(await mtime('demo/dist/out.js')).toBe(before.demo)
  })

  test('behavior: a changed source rebuilds only its step; a changed lockfile rebuilds both; a test file is no input', async () => {
    await build()
    const serverBuilt = await mtime('server/dist/out.js')
    await writeFile(join(root, 'demo/src/main.ts'), 'export const demo = 2')
    lines = []
    await build()
    expect(runs).toEqual({ server: 1, demo: 2 })
    expect(lines).toContainEqual('  server  up to date')
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}demo +built in/))
    expect(await mtime('server/dist/out.js')).toBe(serverBuilt)
    expect(await readFile(join(root, 'demo/dist/out.js'), 'utf8')).toBe('export const demo = 2')

    await writeFile(join(root, 'demo/src/main.test.ts'), 'test(); test()')
    await build()
    expect(runs).toEqual({ server: 1, demo: 2 })

    await writeFile(join(root, 'package-lock.json'), '{"lockfileVersion":3,"packages":{}}')
    await build()
    expect(runs).toEqual({ server: 2, demo: 3 })
  })

  test('behavior: a missing output is built again though the inputs did not change; rebuild builds every step', async () => {
    await build()
    await rm(join(root, 'server/dist/out.js'))
    await build()
    expect(runs).toEqual({ server: 2, demo: 1 })
    await build({ rebuild: true })
    expect(runs).toEqual({ server: 3, demo: 2 })
  })

  test('behavior: a step that runs long says it is still building until it finishes', async () => {
    const steps = [
      step('server', async () => {
        // Finishes once it has been reported as still building: no clock involved.
        while (!lines.some((line) => line.includes('still building')))
          await new Promise((r) => setTimeout(r, 5))
      }),
    ]
    await runBuildSteps({ root, steps, log: (line) => lines.push(line), progressEvery: 20 })
    expect(lines[0]).toMatch(/^ {2}server {2}still building \(\d+ s\)…$/)
    expect(lines.at(-1)).toMatch(/^ {2}server {2}built in \d+\.\d s$/)
  })

  test('error: a failing step stops the run with its name, and its hash is not stored (the next run tries again)', async () => {
    const failing = step('server', async () => {
      throw new Error('src/index.ts(1,1): error TS1005')
    })
    await expect(build({ steps: [failing] })).rejects.toThrow(
      'building server failed: src/index.ts(1,1): error TS1005',
    )
    expect(lines).toEqual([expect.stringMatching(/^ {2}server {2}failed after \d+\.\d s$/)])
    await build({ steps: [step('server')] })
    expect(runs.server).toBe(2)
  })
})

describe('buildStepsForStart', () => {
  test("default: npm start's steps (server and devnet, key frames, demo) read their packages' sources and the lockfile, and keep their hash next to their output", () => {
    const steps = buildStepsForStart({ repositoryRoot: '/repo' })
    expect(steps.map((each) => each.name)).toEqual(['server and devnet', 'key frames', 'demo'])
    for (const each of steps) {
      expect(each.inputs).toContain('package-lock.json')
      expect(each.hashFile.startsWith(each.outputs[0]!.split('/').slice(0, -1).join('/'))).toBe(true)
    }
    const [server, frames, demo] = steps
    expect(server!.inputs).toEqual(expect.arrayContaining(['packages/server/src', 'packages/devnet/src']))
    expect(frames!.inputs).toEqual(expect.arrayContaining(['packages/frame/src', 'packages/frame/auth.html']))
    expect(demo!.inputs).toEqual(
      expect.arrayContaining(['apps/demo/src', 'packages/react/src', 'packages/core/src']),
    )
    expect(buildStepsForStart({ repositoryRoot: '/repo', demoOutDir: '/repo/tmp/demo' })[2]!.hashFile).toBe(
      'tmp/demo/.start-inputs-hash',
    )
  })
})
