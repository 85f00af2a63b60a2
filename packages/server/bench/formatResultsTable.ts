import type { FloorResult } from './measureFloor.js'
import type { SignLevelResult } from './measureSignLevel.js'
import type { BenchStore } from './startBenchServer.js'

/**
 * One load level of the server: its store, how many processes served it (`--workers`), and the floors it is
 * compared with, measured just before it with as many processes and the same number of clients: the floor
 * with the durable SQLite insert, and the custody floor (that plus the API key, user and account in one read
 * and the sealed key opened per request). There is no PostgreSQL floor: PostgreSQL levels get the SQLite
 * ones.
 */
export type StoreLevelResult = SignLevelResult & {
  store: BenchStore
  workers: number
  floor?: FloorResult
  custodyFloor?: FloorResult
}

/** Milliseconds with two significant decimals below 10 ms, one above. */
export function formatMilliseconds(value: number): string {
  return value < 10 ? value.toFixed(2) : value.toFixed(1)
}

export function formatMegabytes(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(0)
}

export function formatPercent(share: number): string {
  return `${(share * 100).toFixed(1)}%`
}

/**
 * The README table: one row per store, process count and concurrency, with throughput as a share of the
 * measured compute ceiling, of its floor and of its custody floor.
 *
 * @example
 * console.log(formatResultsTable(results, ceiling.requestsPerSecond))
 */
export function formatResultsTable(results: StoreLevelResult[], ceilingRequestsPerSecond: number): string {
  const header = [
    '| store | processes | clients | req/s | p50 ms | p99 ms | errors | server peak RSS MB | % of ceiling | floor req/s | % of floor | custody floor req/s | % of custody floor |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ]
  const rows = results.map((result) => {
    const { floor, custodyFloor } = result
    return [
      '',
      result.store === 'sqlite' ? 'SQLite' : 'PostgreSQL',
      result.workers,
      result.concurrency,
      Math.round(result.requestsPerSecond),
      formatMilliseconds(result.latencyMs.p50),
      formatMilliseconds(result.latencyMs.p99),
      result.errors,
      formatMegabytes(result.peakRssBytes),
      formatPercent(result.requestsPerSecond / ceilingRequestsPerSecond),
      floor ? Math.round(floor.requestsPerSecond) : '—',
      floor ? formatPercent(result.requestsPerSecond / floor.requestsPerSecond) : '—',
      custodyFloor ? Math.round(custodyFloor.requestsPerSecond) : '—',
      custodyFloor ? formatPercent(result.requestsPerSecond / custodyFloor.requestsPerSecond) : '—',
      '',
    ]
      .join(' | ')
      .trim()
  })
  return [...header, ...rows].join('\n')
}
