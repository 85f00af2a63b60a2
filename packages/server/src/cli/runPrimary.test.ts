import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { testMasterKey } from '../test/createTestServer.js'
import { childPids } from './test/childPids.js'
import { isProcessGone } from './test/isProcessGone.js'
import { type StartedCluster, startCluster } from './test/startCluster.js'

/*
 * The primary of `sigil-server start --workers 2` (docs/deploy.md#workers) stopped while it is replacing a
 * worker: the replacement has been forked but does not listen yet, so it has nothing to finish and no
 * SIGTERM handler of its own yet. The primary kills it instead of waiting on it, and still exits 0.
 */

let dataDir: string
let server: StartedCluster

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sigil-primary-'))
  server = await startCluster(['start', '--port', '0', '--workers', '2', '--data-dir', dataDir], {
    SIGIL_MASTER_KEY: testMasterKey,
  })
}, 90_000)
afterAll(async () => {
  await server?.stop('SIGKILL')
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

test('behavior: SIGTERM while a replacement worker is still starting: it is killed, the primary exits 0 within 10 s, no process is left', async () => {
  const primary = server.process.pid!
  const [killed, kept] = server.pids as [number, number]
  process.kill(killed, 'SIGKILL')
  const killedAt = Date.now()
  let starting: number | undefined
  while (starting === undefined) {
    expect(Date.now() - killedAt, server.output().slice(-3000)).toBeLessThan(20_000)
    starting = childPids(primary).find((pid) => pid !== killed && pid !== kept)
    if (starting === undefined) await new Promise((resolve) => setTimeout(resolve, 5))
  }

  const exited = new Promise<{ code: number | null; ms: number }>((resolve) => {
    const signalledAt = Date.now()
    server.process.once('exit', (code) => resolve({ code, ms: Date.now() - signalledAt }))
  })
  server.process.kill('SIGTERM')
  const { code, ms } = await exited
  // The pipe ends when the last process holding it (the primary, a worker) is gone: every line is in.
  const stdout = server.process.stdout!
  if (!stdout.readableEnded) await new Promise((resolve) => stdout.once('end', resolve))
  // The replacement never listened: this is the case under test, not a replacement that had started.
  expect(server.logLines().some((line) => line.message === 'worker replaced')).toBe(false)
  expect(code, server.output().slice(-3000)).toBe(0)
  expect(ms).toBeLessThan(10_000)
  const stopped = server.logLines().filter((line) => line.message === 'stopped')
  expect(new Set(stopped.map((line) => line.pid))).toEqual(new Set([kept, primary]))
  for (const pid of [killed, kept, starting]) expect(isProcessGone(pid)).toBe(true)
}, 60_000)
