import { availableParallelism } from 'node:os'

/** The most `--workers` accepts: past the cores, more processes only contend for them. */
export const maxWorkers = 64

/**
 * How many server processes `sigil-server start` runs (docs/deploy.md#workers): `--workers N` or
 * `SIGIL_WORKERS`, a whole number 1-64 or `auto` (the cores this process may use,
 * `os.availableParallelism()`). Default 1: one process, no cluster.
 *
 * @example
 * parseWorkers('auto', {}) // 2 on a 2-core machine
 */
export function parseWorkers(
  flag: string | undefined,
  env: Record<string, string | undefined> = process.env,
  cores: () => number = availableParallelism,
): number {
  const text = flag ?? (env.SIGIL_WORKERS || undefined)
  if (text === undefined) return 1
  if (text === 'auto') return Math.min(cores(), maxWorkers)
  const workers = Number(text)
  if (!/^\d{1,2}$/.test(text) || workers < 1 || workers > maxWorkers)
    throw new Error(`--workers must be 1-${maxWorkers} or auto, got ${text}`)
  return workers
}
