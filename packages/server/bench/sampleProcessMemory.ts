import { readProcessUsage } from './readProcessUsage.js'

export type MemorySample = { atMs: number; rssBytes: number }

export type MemorySampler = {
  /** Stops sampling; returns every sample (time since start, RSS) and the highest RSS seen. */
  stop(): { samples: MemorySample[]; peakRssBytes: number }
}

/**
 * Samples a process's resident set size every `intervalMs`, starting with one sample now.
 *
 * @example
 * const sampler = sampleProcessMemory(server.pid, 100)
 * // … load …
 * const { peakRssBytes } = sampler.stop()
 */
export function sampleProcessMemory(pid: number, intervalMs: number): MemorySampler {
  const started = performance.now()
  const samples: MemorySample[] = []
  const sample = () => {
    try {
      samples.push({ atMs: performance.now() - started, rssBytes: readProcessUsage(pid).rssBytes })
    } catch {
      // The process has exited; the run reports its own failure.
    }
  }
  sample()
  const timer = setInterval(sample, intervalMs)
  return {
    stop() {
      clearInterval(timer)
      sample()
      return { samples, peakRssBytes: samples.reduce((peak, each) => Math.max(peak, each.rssBytes), 0) }
    },
  }
}
