import type { Worker } from 'node:cluster'
import type { Readiness } from '../observability/checkReadiness.js'
import type { ClusterReadiness } from '../observability/createClusterAdminApp.js'
import { isClusterMessage } from './clusterMessages.js'

/** What the readiness probe needs of `node:cluster` in the primary. */
export type ClusterWorkers = { readonly workers?: NodeJS.Dict<Worker> }

/** How long a worker may take to answer before it counts as not ready. */
const answerTimeoutMs = 2500

let nextId = 0

/**
 * `/readyz` of a `--workers` primary: asks every connected worker to run its readiness checks
 * (`checkReadiness`) and combines the answers. Ready only when `expected` workers answered and every one
 * passed every check that decides readiness; a check is `failed` when one worker failed it, and `workers`
 * is `failed` when fewer than `expected` answered in time. `apiKeyChanges` (PostgreSQL) is `failed` when one
 * worker's listener is down, and leaves `ready` as it is (docs/deploy.md#health-and-metrics).
 *
 * @example
 * const { ready, checks } = await readClusterReadiness(cluster, 2)
 */
export async function readClusterReadiness(
  cluster: ClusterWorkers,
  expected: number,
): Promise<ClusterReadiness> {
  const workers = Object.values(cluster.workers ?? {}).filter(
    (worker): worker is Worker => worker?.isConnected() === true,
  )
  const answers = await Promise.all(workers.map(askWorker))
  const readiness = answers.filter((answer): answer is Readiness => answer !== undefined)
  const failed = (check: keyof Readiness['checks']) =>
    readiness.length === 0 || readiness.some((answer) => answer.checks[check] !== 'ok')
  const checks: ClusterReadiness['checks'] = {
    database: failed('database') ? 'failed' : 'ok',
    migrations: failed('migrations') ? 'failed' : 'ok',
    vault: failed('vault') ? 'failed' : 'ok',
    workers: readiness.length >= expected ? 'ok' : 'failed',
  }
  // Reported when a worker reports it (PostgreSQL), and like there never counted in `ready`.
  if (readiness.some((answer) => answer.checks.apiKeyChanges !== undefined))
    checks.apiKeyChanges = failed('apiKeyChanges') ? 'failed' : 'ok'
  const { apiKeyChanges: _reported, ...required } = checks
  return { ready: Object.values(required).every((check) => check === 'ok'), checks }
}

function askWorker(worker: Worker): Promise<Readiness | undefined> {
  const id = nextId++
  return new Promise((resolve) => {
    const done = (readiness: Readiness | undefined) => {
      clearTimeout(timer)
      worker.off('message', onMessage)
      worker.off('exit', onExit)
      resolve(readiness)
    }
    const onMessage = (message: unknown) => {
      if (isClusterMessage(message, 'sigil:readiness') && message.id === id) done(message.readiness)
    }
    const onExit = () => done(undefined)
    const timer = setTimeout(() => done(undefined), answerTimeoutMs)
    worker.on('message', onMessage)
    worker.once('exit', onExit)
    worker.send({ type: 'sigil:check-readiness', id })
  })
}
