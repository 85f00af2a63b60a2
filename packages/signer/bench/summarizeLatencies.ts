export type LatencySummary = { count: number; p50: number; p99: number; mean: number; max: number }

/**
 * p50, p99 (nearest rank, as the server bench), mean and max of millisecond samples.
 *
 * @example
 * summarizeLatencies([1, 2, 3, 4]) // { count: 4, p50: 3, p99: 4, mean: 2.5, max: 4 }
 */
export function summarizeLatencies(samples: number[]): LatencySummary {
  if (samples.length === 0) throw new Error('no samples to summarize')
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!
  return {
    count: sorted.length,
    p50: at(0.5),
    p99: at(0.99),
    mean: sorted.reduce((sum, value) => sum + value, 0) / sorted.length,
    max: sorted[sorted.length - 1]!,
  }
}
