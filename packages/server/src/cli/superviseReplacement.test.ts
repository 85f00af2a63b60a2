import { type ChildProcess, spawn } from 'node:child_process'
import { afterEach, expect, test } from 'vitest'
import { createLogger } from '../log/createLogger.js'
import { superviseReplacement } from './superviseReplacement.js'
import type { WatchedWorker } from './untilListening.js'

/*
 * The port-0 race of `start --workers N --port 0` (docs/deploy.md#workers): a replacement told to share the
 * listener of a worker that then dies before the replacement listens opens a new listener on another port.
 * The race takes a window of a millisecond or so that no test can aim at, so a real child process on the
 * cluster's IPC channel stands in for the worker that lost it: it reports the port it got, as a worker does,
 * and the primary's check runs on that report.
 */

const clusterPort = 48_787
const children: ChildProcess[] = []

afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill()
})

/** A child with an IPC channel that runs `script`; `worker` is what the primary watches of it. */
function startChild(script: string): { child: ChildProcess; worker: WatchedWorker; exited: Promise<string> } {
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] })
  children.push(child)
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? `code ${code}`)),
  )
  return { child, worker: Object.assign(child, { process: child }), exited }
}

/** A child that reports listening on `port` as a worker does, then stays up. */
function listeningOn(port: number): string {
  const message = { type: 'sigil:listening', url: `http://127.0.0.1:${port}`, port, notes: [], warnings: [] }
  return `process.send(${JSON.stringify(message)}); setInterval(() => {}, 1000)`
}

function recordingLogger() {
  const lines: Record<string, unknown>[] = []
  const logger = createLogger({ level: 'info', write: (line) => void lines.push(JSON.parse(line)) })
  return { logger, lines }
}

test("default: a replacement that listens on the cluster's port is serving and keeps running", async () => {
  const { logger, lines } = recordingLogger()
  const { child, worker } = startChild(listeningOn(clusterPort))
  expect(await superviseReplacement(worker, { port: clusterPort, logger })).toBe('serving')
  expect(child.killed).toBe(false)
  expect(child.exitCode).toBe(null)
  expect(lines.map(({ level, message, worker }) => ({ level, message, worker }))).toEqual([
    { level: 'info', message: 'worker replaced', worker: child.pid },
  ])
})

test('behavior: a replacement that lost the port-0 race, listening on another port, is killed and logged', async () => {
  const { logger, lines } = recordingLogger()
  const { worker, exited } = startChild(listeningOn(clusterPort + 1))
  expect(await superviseReplacement(worker, { port: clusterPort, logger })).toBe('killed')
  expect(await exited).toBe('SIGKILL')
  expect(lines.map(({ level, message, port }) => ({ level, message, port }))).toEqual([
    {
      level: 'error',
      message: 'replacement worker listens on another port, replacing it',
      port: clusterPort + 1,
    },
  ])
})

test('error: a replacement that exits before it listens is failed and logged', async () => {
  const { logger, lines } = recordingLogger()
  const { child, worker } = startChild('process.exitCode = 3')
  expect(await superviseReplacement(worker, { port: clusterPort, logger })).toBe('failed')
  expect(lines.map(({ level, message, error }) => ({ level, message, error }))).toEqual([
    {
      level: 'error',
      message: 'replacement worker failed to start',
      error: `worker ${child.pid} exited (code 3) before it listened`,
    },
  ])
})
