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

/** One Markdown table row. */
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`

const verdict = (met: boolean) => (met ? 'met' : '**not met**')

/** The goal column of a latency row: `p50 < 5 ms: met`, or a dash. */
function latencyGoal({ summary, goalP50Ms }: LatencyRow): string {
  return goalP50Ms === undefined ? '—' : `p50 < ${goalP50Ms} ms: ${verdict(summary.p50 < goalP50Ms)}`
}

/** The goal column of a bundle row: `< 40 KB gzip: met`, or a dash. */
function bundleGoal({ size, goalGzipBytes }: BundleRow): string {
  return goalGzipBytes === undefined
    ? '—'
    : `< ${goalGzipBytes / 1024} KB gzip: ${verdict(size.gzipBytes < goalGzipBytes)}`
}

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
      ...latencies.map((latency) =>
        row([
          latency.name,
          latency.summary.count,
          formatMilliseconds(latency.summary.p50),
          formatMilliseconds(latency.summary.p99),
          formatMilliseconds(latency.summary.mean),
          formatMilliseconds(latency.summary.max),
          latencyGoal(latency),
        ]),
      ),
    )
  if (latencies.length && bundles.length) lines.push('')
  if (bundles.length)
    lines.push(
      '| bundle (esbuild, minified ESM) | min KB | min+gzip KB | goal |',
      '| --- | ---: | ---: | --- |',
      ...bundles.map((bundle) =>
        row([
          bundle.name,
          formatKilobytes(bundle.size.minifiedBytes),
          formatKilobytes(bundle.size.gzipBytes),
          bundleGoal(bundle),
        ]),
      ),
    )
  return lines.join('\n')
}
