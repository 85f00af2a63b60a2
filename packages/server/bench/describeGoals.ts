import { formatMilliseconds, formatPercent, type StoreLevelResult } from './formatResultsTable.js'

/** The goals of issue 18 (bench/README.md): against the same run's floor, and between the stores. */
export const goals = {
  concurrency: 64,
  minShareOfFloor: 0.9,
  p99Concurrency: 16,
  maxP99Ms: 25,
  minPostgresShareOfSqlite: 0.7,
} as const

const integer = (value: number) => Math.round(value).toLocaleString('en-US')

/**
 * One line per goal, `PASS`, `MISS` or `not measured`, with its figures: SQLite at 64 clients ≥ 90% of
 * the floor with the durable insert measured just before it (one process, and `--workers 2` against the
 * two-process floor), the same against the custody floor (the floor plus the API key, user and account in
 * one read and the sealed key opened per request), p99 at 16 clients < 25 ms (each store at one process),
 * PostgreSQL ≥ 70% of SQLite at 64 clients.
 *
 * @example
 * for (const line of describeGoals(results)) console.log(line)
 */
export function describeGoals(results: readonly StoreLevelResult[]): string[] {
  const find = (store: string, workers: number, concurrency: number) =>
    results.find(
      (each) => each.store === store && each.workers === workers && each.concurrency === concurrency,
    )
  const verdict = (pass: boolean) => (pass ? 'PASS' : 'MISS')
  const lines: string[] = []

  const workerCounts = [...new Set(results.map((each) => each.workers))].sort()
  for (const which of ['floor', 'custodyFloor'] as const) {
    const name = which === 'floor' ? 'floor' : 'custody floor'
    for (const workers of workerCounts) {
      const label = `SQLite, ${workers === 1 ? 'one process' : `--workers ${workers}`}, ${goals.concurrency} clients ≥ ${goals.minShareOfFloor * 100}% of the ${workers === 1 ? name : `${workers}-process ${name}`}`
      const level = find('sqlite', workers, goals.concurrency)
      const floor = level?.[which]
      if (!level || !floor) {
        lines.push(`  ${label}: not measured`)
        continue
      }
      const share = level.requestsPerSecond / floor.requestsPerSecond
      lines.push(
        `  ${label}: ${verdict(share >= goals.minShareOfFloor)} (${formatPercent(share)}: ` +
          `${integer(level.requestsPerSecond)} of ${integer(floor.requestsPerSecond)} req/s)`,
      )
    }
  }

  for (const store of ['sqlite', 'postgres'] as const) {
    const label = `${store === 'sqlite' ? 'SQLite' : 'PostgreSQL'} p99 at ${goals.p99Concurrency} clients < ${goals.maxP99Ms} ms`
    const level = find(store, 1, goals.p99Concurrency)
    lines.push(
      level
        ? `  ${label}: ${verdict(level.latencyMs.p99 < goals.maxP99Ms)} (${formatMilliseconds(level.latencyMs.p99)} ms)`
        : `  ${label}: not measured`,
    )
  }

  const label = `PostgreSQL ≥ ${goals.minPostgresShareOfSqlite * 100}% of SQLite at ${goals.concurrency} clients`
  const sqlite = find('sqlite', 1, goals.concurrency)
  const postgres = find('postgres', 1, goals.concurrency)
  if (!sqlite || !postgres) lines.push(`  ${label}: not measured`)
  else {
    const share = postgres.requestsPerSecond / sqlite.requestsPerSecond
    lines.push(
      `  ${label}: ${verdict(share >= goals.minPostgresShareOfSqlite)} (${formatPercent(share)}: ` +
        `${integer(postgres.requestsPerSecond)} of ${integer(sqlite.requestsPerSecond)} req/s)`,
    )
  }
  return lines
}
