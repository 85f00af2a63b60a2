/**
 * `npm run bench -w @sigil/server`: stamped `sign_raw_payload` through the real listener, on SQLite
 * and PostgreSQL, against the compute ceiling of this machine and the floors (bench/floorServer.ts: bare,
 * with the durable insert, and the custody floor) measured in the same run. Prints a table; it is not a test
 * and exits 0 whatever the numbers.
 *
 * Environment:
 * - BENCH_SECONDS (10): duration of each load level.
 * - BENCH_SOAK_SECONDS (60): duration of the memory run at 64 clients on SQLite; 0 skips it.
 * - BENCH_CONCURRENCY (1,16,64): client counts.
 * - BENCH_STORES (sqlite,postgres).
 * - BENCH_WORKERS (1,2): process counts of the SQLite server (`sigil-server start --workers N`) and of its floor;
 *   PostgreSQL runs as one process.
 * - BENCH_DATABASE_URL (SIGIL_TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test): a throw-away
 *   schema is created there and dropped after.
 * - BENCH_CPU_PROFILE_DIR: profile every server's CPU (see profileCpuPreload.ts) and write the profiles there.
 * - BENCH_FLOOR (1): 0 skips all floors (floorServer.ts: the least a Node server does per request): without a
 *   store at 64 clients first; then, just before every level of the server, as many processes and at the same
 *   client count, with the durable SQLite insert of the activity row, and right after it the custody floor
 *   (the same plus what a custody server cannot skip per request: the API key, user and signing account in
 *   one indexed SQLite read, and the sealed signing key opened with two AES-256-GCM decryptions).
 */
import { availableParallelism, cpus } from 'node:os'
import { fileURLToPath } from 'node:url'
import { describeGoals, goals } from './describeGoals.js'
import {
  formatMegabytes,
  formatMilliseconds,
  formatPercent,
  formatResultsTable,
  type StoreLevelResult,
} from './formatResultsTable.js'
import { measureCeiling } from './measureCeiling.js'
import { type FloorResult, measureFloor } from './measureFloor.js'
import { measureMemoryFlatness } from './measureMemoryFlatness.js'
import { measureSignLevel, type SignLevelResult } from './measureSignLevel.js'
import { provisionBenchUser } from './provisionBenchUser.js'
import { type BenchServer, type BenchStore, startBenchServer } from './startBenchServer.js'

const warmUp = { concurrency: 16, durationMs: 2000 }

const env = process.env
const seconds = readNonNegativeNumber('BENCH_SECONDS', 10)
const soakSeconds = readNonNegativeNumber('BENCH_SOAK_SECONDS', 60)
const concurrencies = (env.BENCH_CONCURRENCY || '1,16,64').split(',').map(Number)
if (!concurrencies.every((each) => Number.isInteger(each) && each > 0))
  throw new Error('BENCH_CONCURRENCY must be positive integers separated by commas, e.g. 1,16,64')
const stores = (env.BENCH_STORES || 'sqlite,postgres').split(',') as BenchStore[]
if (!stores.every((store) => store === 'sqlite' || store === 'postgres'))
  throw new Error('BENCH_STORES must list sqlite and/or postgres, e.g. sqlite,postgres')
const workerCounts = [...new Set((env.BENCH_WORKERS || '1,2').split(',').map(Number))]
if (!workerCounts.every((each) => Number.isInteger(each) && each > 0))
  throw new Error('BENCH_WORKERS must be positive integers separated by commas, e.g. 1,2')
const runFloor = env.BENCH_FLOOR !== '0'
const databaseUrl =
  env.BENCH_DATABASE_URL ?? env.SIGIL_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const serverEnv: Record<string, string> = env.BENCH_CPU_PROFILE_DIR
  ? {
      NODE_OPTIONS: `--import tsx --import ${fileURLToPath(new URL('./profileCpuPreload.ts', import.meta.url))}`,
    }
  : {}

function readNonNegativeNumber(name: string, fallback: number): number {
  const value = env[name] === undefined || env[name] === '' ? fallback : Number(env[name])
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number`)
  return value
}

const integer = (value: number) => Math.round(value).toLocaleString('en-US')

function describeLevel(
  label: string,
  result: SignLevelResult,
  floor?: FloorResult,
  custodyFloor?: FloorResult,
): string {
  const shares = [
    floor
      ? `${formatPercent(result.requestsPerSecond / floor.requestsPerSecond)} of the floor just before`
      : '',
    custodyFloor
      ? `${formatPercent(result.requestsPerSecond / custodyFloor.requestsPerSecond)} of the custody floor`
      : '',
  ].filter(Boolean)
  const notes = [
    result.exhausted ? 'RAN OUT of pre-built requests' : '',
    result.errorSamples.length ? `first error: ${result.errorSamples[0]}` : '',
  ].filter(Boolean)
  return (
    `  ${label.padEnd(12)} ${String(result.concurrency).padStart(3)} clients: ` +
    `${integer(result.requestsPerSecond).padStart(6)} req/s  p50 ${formatMilliseconds(result.latencyMs.p50)} ms  ` +
    `p99 ${formatMilliseconds(result.latencyMs.p99)} ms  errors ${result.errors}  ` +
    `peak RSS ${formatMegabytes(result.peakRssBytes)} MB  server CPU ${result.serverCpuPercent.toFixed(0)}% ` +
    `(${result.serverCpuMsPerRequest.all.toFixed(2)} ms/req, event loop ` +
    `${result.serverCpuMsPerRequest.mainThread.toFixed(2)})  ` +
    `load generator CPU ${result.clientCpuPercent.toFixed(0)}%` +
    (shares.length ? `\n    ${shares.join(', ')}` : '') +
    (notes.length ? `\n    ${notes.join('; ')}` : '')
  )
}

/** Starts a server on a fresh store with its bench user, and warms it up (JIT, caches, pools). */
async function startProvisionedServer(store: BenchStore, maxRequestsPerSecond: number, workers = 1) {
  const server = await startBenchServer({ store, databaseUrl, serverEnv, workers })
  try {
    const user = await provisionBenchUser(server)
    const warm = await measureSignLevel({ server, user, ...warmUp, maxRequestsPerSecond })
    if (warm.succeeded === 0)
      throw new Error(`warm-up: no request succeeded; first error: ${warm.errorSamples[0] ?? 'none'}`)
    return { server, user }
  } catch (error) {
    await server.stop()
    throw error
  }
}

async function main(): Promise<void> {
  console.log(
    `Sigil bench: sign_raw_payload through the real listener — ${availableParallelism()} cores ` +
      `(${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, ` +
      `${seconds} s per level, soak ${soakSeconds} s`,
  )

  const ceiling = await measureCeiling({ durationMs: 2000 })
  console.log(`\nCeiling (${ceiling.threads} worker threads, 2 s each):`)
  console.log(`  secp256k1 signs/s (libsecp256k1)        ${integer(ceiling.signsPerSecond).padStart(8)}`)
  console.log(`  P-256 verifies/s (OpenSSL, 250 B body)  ${integer(ceiling.verifiesPerSecond).padStart(8)}`)
  console.log(
    `  per-request ceiling (1 sign + 1 verify) ${integer(ceiling.requestsPerSecond).padStart(8)} req/s`,
  )

  let noStoreFloor: FloorResult | undefined
  const measureStoreFloor = async (store: 'sqlite' | 'custody', processes: number, concurrency: number) => {
    try {
      return await measureFloor({
        store,
        processes,
        concurrency,
        durationMs: seconds * 1000,
        maxRequestsPerSecond: ceiling.requestsPerSecond,
      })
    } catch (error) {
      // The floor is a reference; the server's own levels still run.
      console.log(
        `  ${store === 'custody' ? 'custody floor' : 'floor'} skipped: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      )
      return undefined
    }
  }
  if (runFloor) {
    console.log(
      `\nFloor: the least a Node server does per request on this machine (bench/floorServer.ts), ${seconds} s ` +
        'per level; with the durable insert, and then as the custody floor (+ the key lookup and the vault ' +
        'open), it is measured again just before each level of the server below:',
    )
    try {
      noStoreFloor = await measureFloor({
        store: 'none',
        concurrency: goals.concurrency,
        durationMs: seconds * 1000,
        maxRequestsPerSecond: ceiling.requestsPerSecond,
      })
      console.log(describeFloor(noStoreFloor, ceiling.requestsPerSecond))
    } catch (error) {
      console.log(`  skipped: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
    }
  }

  const servers = stores.flatMap((store): { store: BenchStore; workers: number }[] =>
    store === 'sqlite' ? workerCounts.map((workers) => ({ store, workers })) : [{ store, workers: 1 }],
  )
  const results: StoreLevelResult[] = []
  for (const { store, workers } of servers) {
    const name = `${store === 'sqlite' ? 'SQLite' : 'PostgreSQL'}${workers > 1 ? ` --workers ${workers}` : ''}`
    console.log(`\n${name}:`)
    let started: { server: BenchServer; user: Awaited<ReturnType<typeof provisionBenchUser>> }
    try {
      started = await startProvisionedServer(store, ceiling.requestsPerSecond, workers)
    } catch (error) {
      console.log(`  skipped: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
      continue
    }
    try {
      for (const concurrency of concurrencies) {
        // The floors with as many processes and clients, just before the level: the machine may be shared.
        const floor = runFloor ? await measureStoreFloor('sqlite', workers, concurrency) : undefined
        if (floor) console.log(describeFloor(floor, ceiling.requestsPerSecond))
        const custodyFloor = runFloor ? await measureStoreFloor('custody', workers, concurrency) : undefined
        if (custodyFloor) console.log(describeFloor(custodyFloor, ceiling.requestsPerSecond))
        const result = await measureSignLevel({
          ...started,
          concurrency,
          durationMs: seconds * 1000,
          maxRequestsPerSecond: ceiling.requestsPerSecond,
        })
        results.push({ ...result, store, workers, floor, custodyFloor })
        console.log(describeLevel(store + (workers > 1 ? ` ×${workers}` : ''), result, floor, custodyFloor))
      }
    } finally {
      await started.server.stop()
    }
  }

  if (soakSeconds > 0) {
    console.log(
      `\nMemory: ${soakSeconds} s at ${goals.concurrency} clients on SQLite (fresh server), RSS every 1 s:`,
    )
    const { server, user } = await startProvisionedServer('sqlite', ceiling.requestsPerSecond)
    try {
      const observed = results.find(
        (each) => each.store === 'sqlite' && each.workers === 1 && each.concurrency === goals.concurrency,
      )
      const soak = await measureMemoryFlatness({
        server,
        user,
        concurrency: goals.concurrency,
        durationMs: soakSeconds * 1000,
        // Enough requests for 1.5 times the rate just measured, never more than the ceiling.
        maxRequestsPerSecond: Math.min(
          ceiling.requestsPerSecond,
          observed ? observed.requestsPerSecond * 1.5 : ceiling.requestsPerSecond,
        ),
      })
      console.log(describeLevel('sqlite soak', soak.level))
      const mark = (name: string, sample: { atMs: number; rssBytes: number }) =>
        `${name} (${(sample.atMs / 1000).toFixed(0)} s) ${formatMegabytes(sample.rssBytes)} MB`
      console.log(
        `  RSS: ${mark('start', soak.start)}, ${mark('reference', soak.reference)}, ` +
          `${mark('middle', soak.middle)}, ${mark('end', soak.end)}`,
      )
      console.log(
        `  memory ${soak.flat ? 'FLAT' : 'GROWING'}: end is ` +
          `${(((soak.end.rssBytes - soak.reference.rssBytes) / soak.reference.rssBytes) * 100).toFixed(1)}% ` +
          `from the reference mark (limit +${soak.tolerance * 100}%); ` +
          `${(soak.secondHalfGrowth * 100).toFixed(1)}% over the second half` +
          (soak.level.exhausted ? ' — the run ended early: it ran out of pre-built requests' : ''),
      )
    } finally {
      await server.stop()
    }
  }

  console.log(`\nResults (ceiling ${integer(ceiling.requestsPerSecond)} req/s, ${seconds} s per level):\n`)
  console.log(formatResultsTable(results, ceiling.requestsPerSecond))
  const noStore = noStoreFloor
  if (noStore)
    console.log(
      `\nFloor without the insert (HTTP + verify + sign, one process, ${noStore.concurrency} clients): ` +
        `${integer(noStore.requestsPerSecond)} req/s (${formatPercent(noStore.requestsPerSecond / ceiling.requestsPerSecond)} of the ceiling)`,
    )

  console.log('\nGoals:')
  for (const line of describeGoals(results)) console.log(line)
}

function describeFloor(floor: FloorResult, ceilingRequestsPerSecond: number): string {
  const labels = {
    none: 'HTTP + verify + sign',
    sqlite: '+ durable SQLite insert',
    custody: '+ key lookup + vault open',
  } as const
  return (
    `  ${labels[floor.store].padEnd(25)} ${String(floor.processes).padStart(1)} proc ${String(floor.concurrency).padStart(3)} clients: ` +
    `${integer(floor.requestsPerSecond).padStart(6)} req/s ` +
    `(${((floor.requestsPerSecond / ceilingRequestsPerSecond) * 100).toFixed(1)}% of ceiling)  ` +
    `p50 ${formatMilliseconds(floor.latencyMs.p50)} ms  p99 ${formatMilliseconds(floor.latencyMs.p99)} ms  ` +
    `errors ${floor.errors}  server CPU ${floor.serverCpuMsPerRequest.all.toFixed(2)} ms/req ` +
    `(event loops ${floor.serverCpuMsPerRequest.mainThread.toFixed(2)})` +
    (floor.errorSamples.length ? `\n    first error: ${floor.errorSamples[0]}` : '')
  )
}

await main()
