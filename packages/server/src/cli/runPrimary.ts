import cluster, { type Worker } from 'node:cluster'
import { AggregatorRegistry } from 'prom-client'
import { createSigilServer } from '../createSigilServer.js'
import { createLogger } from '../log/createLogger.js'
import { resolveLogFormat } from '../log/resolveLogFormat.js'
import { resolveLogLevel } from '../log/resolveLogLevel.js'
import { createClusterAdminApp } from '../observability/createClusterAdminApp.js'
import { listenAdmin } from '../observability/listenAdmin.js'
import { ensureDevApp } from './ensureDevApp.js'
import { isListenPortMessage, type ListenPortMessage } from './listenPortMessages.js'
import { readClusterReadiness } from './readClusterReadiness.js'
import { relayApiKeyChanges } from './relayApiKeyChanges.js'
import type { StartOptions } from './StartOptions.js'
import { superviseReplacement } from './superviseReplacement.js'
import { type ListeningMessage, untilListening } from './untilListening.js'

/** How long the primary gives its workers to stop after SIGTERM before it kills them and exits 1. */
const shutdownTimeoutMs = 10_000
/** A replacement for a worker that lived less than this waits a second first: no busy crash loop. */
const shortLifeMs = 5_000

/**
 * The primary of `sigil-server start --workers N` (docs/deploy.md#workers). It runs the one-time start-up
 * alone (migrations, the root organization, server keys and secrets, the dev app), so workers never race
 * for them; then forks N workers that share the port, prints `Sigil server listening on …` once all listen,
 * relays API-key changes between them, serves the admin listener (metrics summed over the workers,
 * `/readyz` ready when all are), replaces a worker that dies (on the same port, `--port 0` included), and on
 * SIGTERM/SIGINT stops them all gracefully and exits 0 (1 if one did not stop cleanly within 10 s).
 *
 * @example
 * if (options.workers > 1 && cluster.isPrimary) await runPrimary(options)
 */
export async function runPrimary(options: StartOptions): Promise<void> {
  const logger = createLogger({ level: resolveLogLevel(), format: resolveLogFormat(options.dev) })
  const setup = await createSigilServer({ ...options.config, logger })
  let devApp: Awaited<ReturnType<typeof ensureDevApp>> | undefined
  let redisUrl: string | undefined
  try {
    if (options.dev) devApp = await ensureDevApp(setup, { origin: options.devAppOrigin })
    redisUrl = setup.sigil.config.redisUrl
  } finally {
    await setup.close()
  }

  const stopRelay = relayApiKeyChanges(cluster)
  const answerListenPort = listenPortAnswers(options.port)
  const aggregator = new AggregatorRegistry()
  const started = new Map<number, number>()
  /** Workers that listen: stopped with SIGTERM. One still starting has nothing to finish: SIGKILL. */
  const serving = new Set<number>()
  const fork = () => {
    const worker = cluster.fork()
    started.set(worker.id, Date.now())
    return worker
  }
  const first = Array.from({ length: options.workers }, fork)
  let listening: ListeningMessage[]
  try {
    listening = await Promise.all(first.map(untilListening))
    for (const worker of first) serving.add(worker.id)
  } catch (error) {
    stopRelay()
    answerListenPort.stop()
    await Promise.all(first.map((worker) => stopWorker(worker, 'SIGKILL')))
    throw error
  }
  const [shown] = listening as [ListeningMessage]
  if (listening.some((each) => each.port !== shown.port))
    throw new Error(`the workers listen on different ports: ${listening.map((each) => each.port).join(', ')}`)
  answerListenPort.pin(shown.port)
  console.log(`Sigil server listening on ${shown.url}`)
  for (const note of shown.notes) console.log(note)
  console.log(
    `  workers: ${options.workers} processes sharing port ${shown.port} (pids ${first.map((worker) => worker.process.pid).join(', ')})`,
  )
  const admin = options.adminListener
    ? await listenAdmin(
        createClusterAdminApp({
          metrics: () => aggregator.clusterMetrics(),
          contentType: aggregator.contentType,
          readiness: () => readClusterReadiness(cluster, options.workers),
        }),
        options.adminListener,
      )
    : undefined
  if (admin) console.log(`  admin: ${admin.url}/metrics (and /healthz, /readyz), summed over the workers`)
  for (const warning of shown.warnings) console.warn(warning)
  if (!redisUrl)
    console.warn(
      `WARNING: ${options.workers} workers without REDIS_URL: each worker counts rate limits on its own, so every limit lets through up to ${options.workers} times as much; set REDIS_URL to share them`,
    )
  if (devApp) {
    console.log(`  dev app (origin ${options.devAppOrigin}): appId ${devApp.appId}`)
    console.log(`  dev app API key: ${devApp.apiKey}${devApp.created ? ' (new)' : ''}`)
  }
  console.log('  stop with Ctrl-C')

  let stopping = false
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return
    const lived = Date.now() - (started.get(worker.id) ?? 0)
    started.delete(worker.id)
    serving.delete(worker.id)
    logger.warn('worker exited, starting another', { worker: worker.process.pid, code, signal })
    const replace = () => {
      if (stopping) return
      const next = fork()
      void superviseReplacement(next, { port: shown.port, logger }).then((outcome) => {
        if (outcome === 'serving') serving.add(next.id)
      })
    }
    if (lived < shortLifeMs) setTimeout(replace, 1000).unref()
    else replace()
  })

  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    const startedAt = Date.now()
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined)
    logger.info('shutting down', { signal, workers: workers.length })
    const force = setTimeout(() => {
      logger.error('shutdown took too long, exiting', { timeoutMs: shutdownTimeoutMs })
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL')
      process.exit(1)
    }, shutdownTimeoutMs)
    force.unref()
    await admin?.close().catch(() => undefined)
    const codes = await Promise.all(
      workers.map((worker) =>
        serving.has(worker.id) ? stopWorker(worker, 'SIGTERM') : stopWorker(worker, 'SIGKILL').then(() => 0),
      ),
    )
    stopRelay()
    answerListenPort.stop()
    clearTimeout(force)
    const clean = codes.every((code) => code === 0)
    if (clean) logger.info('stopped', { ms: Date.now() - startedAt })
    else logger.error('a worker did not stop cleanly', { codes: codes.join(',') })
    process.exit(clean ? 0 : 1)
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void stop(signal))
}

/**
 * Answers the workers' `sigil:which-port` (`listenPortMessages`): with `--port 0`, node:cluster shares a
 * listener between the workers that pass it the same port, and closes a port-0 listener with its last
 * worker. So a worker is told the port the other live workers were told (they share one listener), or,
 * when none lives, the port the cluster got first (`pin`): killing every worker at once keeps the port.
 */
function listenPortAnswers(port: number) {
  const told = new Map<number, number>()
  let pinned: number | undefined
  const onMessage = (worker: Worker, message: unknown) => {
    if (!isListenPortMessage(message, 'sigil:which-port')) return
    const shared = [...told].find(([id]) => id !== worker.id)?.[1]
    const answer = shared ?? pinned ?? port
    told.set(worker.id, answer)
    if (worker.isConnected())
      worker.send({ type: 'sigil:listen-port', port: answer } satisfies ListenPortMessage)
  }
  const onExit = (worker: Worker) => void told.delete(worker.id)
  cluster.on('message', onMessage)
  cluster.on('exit', onExit)
  return {
    pin(listening: number) {
      pinned = listening
    },
    stop() {
      cluster.off('message', onMessage)
      cluster.off('exit', onExit)
    },
  }
}

/** Sends `signal` unless the worker already exited; resolves with its exit code (null: killed by a signal). */
function stopWorker(worker: Worker, signal: NodeJS.Signals): Promise<number | null> {
  const child = worker.process
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode)
  return new Promise((resolve) => {
    worker.once('exit', (code) => resolve(child.signalCode ? null : code))
    child.kill(signal)
  })
}
