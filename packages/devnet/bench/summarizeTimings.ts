/** `| label | n | min | median | max |` in seconds or milliseconds, for the bench tables. */
export function summarizeTimings(label: string, values: number[], unit: 's' | 'ms'): string {
  const sorted = [...values].sort((a, b) => a - b)
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
  const format = (ms: number) => (unit === 's' ? (ms / 1000).toFixed(2) : ms.toFixed(0))
  return `| ${label} | ${values.length} | ${format(sorted[0] ?? Number.NaN)} | ${format(median)} | ${format(sorted.at(-1) ?? Number.NaN)} |`
}
