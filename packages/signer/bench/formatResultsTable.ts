import type { MeasureBundleSizeReturnType } from './measureBundleSize.js'
import type { LatencySummary } from './summarizeLatencies.js'

export type LatencyRow = {
  name: string
  summary: LatencySummary
  /** The goal on p50, if the issue sets one. */
  goalP50Ms?: number
}

export type BundleRow = {
  name: string
  size: MeasureBundleSizeReturnType
  /** The goal on the gzip size, if the issue sets one. */
  goalGzipBytes?: number
}

export type SignerBenchResults = { latencies: LatencyRow[]; bundles: BundleRow[] }

/** Milliseconds with two decimals below 10 ms, one above (as the server bench). */
export function formatMilliseconds(value: number): string {
  return value < 10 ? value.toFixed(2) : value.toFixed(1)
}

/** Kilobytes of 1,024 bytes, one decimal. */
export function formatKilobytes(bytes: number): string {
  return (bytes / 1024).toFixed(1)
}

const verdict = (met: boolean) => (met ? 'met' : '**not met**')

/**
 * The README tables: latencies (n, p50, p99, mean, max) and bundle sizes (minified, minified +
 * gzip), each row with its goal and whether it is met.
 *
 * @example
 * console.log(formatResultsTable({ latencies, bundles }))
 */
export function formatResultsTable({ latencies, bundles }: SignerBenchResults): string {
  const lines: string[] = []
  if (latencies.length)
    lines.push(
      '| measure | n | p50 ms | p99 ms | mean ms | max ms | goal |',
      '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
      ...latencies.map(({ name, summary, goalP50Ms }) =>
        [
          `| ${name}`,
          summary.count,
          formatMilliseconds(summary.p50),
          formatMilliseconds(summary.p99),
          formatMilliseconds(summary.mean),
          formatMilliseconds(summary.max),
          `${goalP50Ms === undefined ? '—' : `p50 < ${goalP50Ms} ms: ${verdict(summary.p50 < goalP50Ms)}`} |`,
        ].join(' | '),
      ),
    )
  if (latencies.length && bundles.length) lines.push('')
  if (bundles.length)
    lines.push(
      '| bundle (esbuild, minified ESM) | min KB | min+gzip KB | goal |',
      '| --- | ---: | ---: | --- |',
      ...bundles.map(({ name, size, goalGzipBytes }) =>
        [
          `| ${name}`,
          formatKilobytes(size.minifiedBytes),
          formatKilobytes(size.gzipBytes),
          `${goalGzipBytes === undefined ? '—' : `< ${goalGzipBytes / 1024} KB gzip: ${verdict(size.gzipBytes < goalGzipBytes)}`} |`,
        ].join(' | '),
      ),
    )
  return lines.join('\n')
}
