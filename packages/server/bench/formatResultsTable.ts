import type { SignLevelResult } from './measureSignLevel.js'
import type { BenchStore } from './startBenchServer.js'

export type StoreLevelResult = SignLevelResult & { store: BenchStore }

/** Milliseconds with two significant decimals below 10 ms, one above. */
export function formatMilliseconds(value: number): string {
  return value < 10 ? value.toFixed(2) : value.toFixed(1)
}

export function formatMegabytes(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(0)
}

/**
 * The README table: one row per store and concurrency, with throughput as a share of the measured
 * compute ceiling.
 *
 * @example
 * console.log(formatResultsTable(results, ceiling.requestsPerSecond))
 */
export function formatResultsTable(results: StoreLevelResult[], ceilingRequestsPerSecond: number): string {
  const header = [
    '| store | clients | req/s | p50 ms | p99 ms | errors | server peak RSS MB | % of ceiling |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ]
  const rows = results.map((result) =>
    [
      '',
      result.store === 'sqlite' ? 'SQLite' : 'PostgreSQL',
      result.concurrency,
      Math.round(result.requestsPerSecond),
      formatMilliseconds(result.latencyMs.p50),
      formatMilliseconds(result.latencyMs.p99),
      result.errors,
      formatMegabytes(result.peakRssBytes),
      `${((result.requestsPerSecond / ceilingRequestsPerSecond) * 100).toFixed(1)}%`,
      '',
    ]
      .join(' | ')
      .trim(),
  )
  return [...header, ...rows].join('\n')
}
