import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { testMasterKey } from './createTestServer.js'
import { runCliInProcess } from './runCliInProcess.js'
import { runCli } from './spawnServer.js'

/** `runCliInProcess` answers what the CLI's own process answers: the suites that use it test the same thing. */

const env = { SIGIL_MASTER_KEY: testMasterKey }
let dataDir: string
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sigil-in-process-'))
})
afterAll(() => rm(dataDir, { recursive: true, force: true }))

test('default: a command prints the same JSON and exits 0 in process and in its own process', async () => {
  const args = ['paymaster', 'signer', '--data-dir', dataDir]
  const spawned = await runCli(args, env)
  expect(spawned).toMatchObject({ code: 0, stderr: '' })
  expect(await runCliInProcess(args, env)).toEqual(spawned)
})

test('error: a failing command prints the same one line on stderr and exits 1', async () => {
  for (const args of [
    ['policy', 'create', '--data-dir', dataDir],
    ['policy', 'create', '--app', 'nope', '--budget', '1', '--data-dir', dataDir],
    ['policy', 'create', '--budget-period', '--data-dir', dataDir],
    ['no-such-command'],
  ]) {
    const spawned = await runCli(args, env)
    expect(spawned.code).toBe(1)
    expect(spawned.stderr).toMatch(/^sigil-server: /)
    expect(await runCliInProcess(args, env)).toEqual(spawned)
  }
})

test('behavior: the environment is the command’s only for its duration, and output does not leak', async () => {
  expect(process.env.SIGIL_TEST_IN_PROCESS).toBeUndefined()
  const before = process.exitCode
  const run = await runCliInProcess(['--help'], { SIGIL_TEST_IN_PROCESS: '1' })
  expect(run.code).toBe(0)
  expect(run.stdout).toMatch(/^Usage:\n {2}sigil-server start /)
  expect(process.env.SIGIL_TEST_IN_PROCESS).toBeUndefined()
  expect(process.exitCode).toBe(before)
})

test('error: start is refused (it would serve in the test process)', async () => {
  await expect(runCliInProcess(['start', '--port', '0'])).rejects.toThrow(/use spawnServer for start/)
})
