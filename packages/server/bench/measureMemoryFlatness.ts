import {
  type MeasureSignLevelParameters,
  measureSignLevel,
  type SignLevelResult,
} from './measureSignLevel.js'
import type { MemorySample } from './sampleProcessMemory.js'

export type MemoryFlatnessResult = {
  level: SignLevelResult
  /** Server RSS when the load started, at the reference mark, half-way, and at the end. */
  start: MemorySample
  reference: MemorySample
  middle: MemorySample
  end: MemorySample
  /** The end RSS is at most `tolerance` above the reference mark. */
  flat: boolean
  /** RSS change from half-way to the end, as a fraction: near zero once memory has levelled off. */
  secondHalfGrowth: number
  tolerance: number
}

/**
 * A long run at one load level, sampling the server's RSS every second, to see that memory levels
 * off: the end RSS must stay within `tolerance` (default 15%) of the RSS at the 10 s mark (or a third
 * of the run, when it is shorter than 30 s), after which caches and JIT code have settled.
 *
 * @example
 * const soak = await measureMemoryFlatness({ server, user, concurrency: 64, durationMs: 60_000, maxRequestsPerSecond })
 */
export async function measureMemoryFlatness(
  parameters: Omit<MeasureSignLevelParameters, 'sampleIntervalMs'> & { tolerance?: number },
): Promise<MemoryFlatnessResult> {
  const { tolerance = 0.15, ...levelParameters } = parameters
  const level = await measureSignLevel({ ...levelParameters, sampleIntervalMs: 1000 })
  const samples = level.memorySamples
  if (samples.length === 0) throw new Error('no memory sample of the server')
  const at = (ms: number) =>
    samples.reduce((best, each) => (Math.abs(each.atMs - ms) < Math.abs(best.atMs - ms) ? each : best))
  const reference = at(Math.min(10_000, parameters.durationMs / 3))
  const end = samples.at(-1)!
  const middle = at(parameters.durationMs / 2)
  return {
    level,
    start: samples[0]!,
    reference,
    middle,
    end,
    flat: end.rssBytes <= reference.rssBytes * (1 + tolerance),
    secondHalfGrowth: (end.rssBytes - middle.rssBytes) / middle.rssBytes,
    tolerance,
  }
}
