import { readFileSync } from 'node:fs'

export type ProcessUsage = {
  /** Resident set size now (VmRSS). */
  rssBytes: number
  /** Highest resident set size since the process started (VmHWM). */
  peakRssBytes: number
  /** User plus system CPU time the process used so far, all threads. */
  cpuSeconds: number
  /** The same for the main thread only (the event loop), which bounds a Node server's throughput. */
  mainThreadCpuSeconds: number
}

/** Linux clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on every common build). */
const clockTicksPerSecond = 100

/**
 * Reads a process's memory and CPU time from Linux /proc.
 *
 * @example
 * const { rssBytes } = readProcessUsage(server.pid)
 */
export function readProcessUsage(pid: number): ProcessUsage {
  const status = readFileSync(`/proc/${pid}/status`, 'latin1')
  const kilobytes = (field: string) => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)
    if (!match) throw new Error(`/proc/${pid}/status has no ${field}`)
    return Number(match[1]) * 1024
  }
  return {
    rssBytes: kilobytes('VmRSS'),
    peakRssBytes: kilobytes('VmHWM'),
    cpuSeconds: readCpuSeconds(`/proc/${pid}/stat`),
    mainThreadCpuSeconds: readCpuSeconds(`/proc/${pid}/task/${pid}/stat`),
  }
}

/** utime + stime of a /proc `stat` file. */
function readCpuSeconds(path: string): number {
  // Fields after the command name, which is in parentheses and may hold spaces.
  const stat = readFileSync(path, 'latin1')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / clockTicksPerSecond
}
