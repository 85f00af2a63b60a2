import type { Worker } from 'node:cluster'
import { EventEmitter } from 'node:events'
import { expect, test } from 'vitest'
import type { Readiness } from '../observability/checkReadiness.js'
import { isClusterMessage } from './clusterMessages.js'
import { readClusterReadiness } from './readClusterReadiness.js'

/* The primary's /readyz over stand-ins for the workers; the spawned cluster is in startWorkers.test.ts. */

const ok: Readiness = { ready: true, checks: { database: 'ok', migrations: 'ok', vault: 'ok' } }

/** A worker that answers `check-readiness` with `readiness` (or never, when undefined). */
function fakeWorker(id: number, readiness: Readiness | undefined): Worker {
  const worker = Object.assign(new EventEmitter(), {
    id,
    isConnected: () => true,
    send(message: unknown) {
      if (readiness && isClusterMessage(message, 'sigil:check-readiness'))
        setImmediate(() => worker.emit('message', { type: 'sigil:readiness', id: message.id, readiness }))
      return true
    },
  })
  return worker as unknown as Worker
}

test('default: ready when every expected worker passes every check', async () => {
  const workers = { 1: fakeWorker(1, ok), 2: fakeWorker(2, ok) }
  expect(await readClusterReadiness({ workers }, 2)).toEqual({
    ready: true,
    checks: { database: 'ok', migrations: 'ok', vault: 'ok', workers: 'ok' },
  })
})

test('error: one worker failing a check makes the cluster unready, naming only that check', async () => {
  const failing: Readiness = { ready: false, checks: { database: 'failed', migrations: 'ok', vault: 'ok' } }
  const workers = { 1: fakeWorker(1, ok), 2: fakeWorker(2, failing) }
  expect(await readClusterReadiness({ workers }, 2)).toEqual({
    ready: false,
    checks: { database: 'failed', migrations: 'ok', vault: 'ok', workers: 'ok' },
  })
})

test('error: fewer workers than expected (one gone, one silent) is unready', async () => {
  const workers = { 1: fakeWorker(1, ok), 3: fakeWorker(3, undefined) }
  const started = Date.now()
  const readiness = await readClusterReadiness({ workers }, 3)
  expect(readiness).toEqual({
    ready: false,
    checks: { database: 'ok', migrations: 'ok', vault: 'ok', workers: 'failed' },
  })
  expect(Date.now() - started).toBeLessThan(5000)
})

test("behavior: a worker's lost API-key listener is reported failed and keeps the cluster ready", async () => {
  const listening: Readiness = { ready: true, checks: { ...ok.checks, apiKeyChanges: 'ok' } }
  const lost: Readiness = { ready: true, checks: { ...ok.checks, apiKeyChanges: 'failed' } }
  expect(
    await readClusterReadiness({ workers: { 1: fakeWorker(1, listening), 2: fakeWorker(2, lost) } }, 2),
  ).toEqual({
    ready: true,
    checks: { database: 'ok', migrations: 'ok', vault: 'ok', workers: 'ok', apiKeyChanges: 'failed' },
  })
  expect(
    await readClusterReadiness({ workers: { 1: fakeWorker(1, listening), 2: fakeWorker(2, listening) } }, 2),
  ).toEqual({
    ready: true,
    checks: { database: 'ok', migrations: 'ok', vault: 'ok', workers: 'ok', apiKeyChanges: 'ok' },
  })
})
