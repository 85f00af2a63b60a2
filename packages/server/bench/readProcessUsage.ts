import { readdirSync, readFileSync } from 'node:fs'

export type ProcessUsage = {
  /** Resident set size now (VmRSS), summed over the process and its child processes. */
  rssBytes: number
  /** Highest resident set size since each process started (VmHWM), summed the same way. */
  peakRssBytes: number
  /** User plus system CPU time used so far, all threads of the process and its child processes. */
  cpuSeconds: number
  /**
   * The same for the main threads only (the event loops), which bound a Node server's throughput: one for a
   * single process, each worker's and the primary's for `--workers N` or a `node:cluster` floor.
   */
  mainThreadCpuSeconds: number
  /** The process and its descendants, the process first. */
  pids: number[]
}

/** Linux clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on every common build). */
const clockTicksPerSecond = 100

/**
 * Reads the memory and CPU time of a process and of its child processes (a server started with
 * `--workers N` forks them) from Linux /proc.
 *
 * @example
 * const { rssBytes } = readProcessUsage(server.pid)
 */
export function readProcessUsage(pid: number): ProcessUsage {
  const usage: ProcessUsage = {
    rssBytes: 0,
    peakRssBytes: 0,
    cpuSeconds: 0,
    mainThreadCpuSeconds: 0,
    pids: [],
  }
  for (const each of listProcessTree(pid)) {
    let status: string
    let cpuSeconds: number
    let mainThreadCpuSeconds: number
    try {
      status = readFileSync(`/proc/${each}/status`, 'latin1')
      cpuSeconds = readCpuSeconds(`/proc/${each}/stat`)
      mainThreadCpuSeconds = readCpuSeconds(`/proc/${each}/task/${each}/stat`)
    } catch (error) {
      // A child that exited between the listing and the read; the process itself must be there.
      if (each === pid) throw error
      continue
    }
    const kilobytes = (field: string) => {
      const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)
      if (!match) throw new Error(`/proc/${each}/status has no ${field}`)
      return Number(match[1]) * 1024
    }
    usage.rssBytes += kilobytes('VmRSS')
    usage.peakRssBytes += kilobytes('VmHWM')
    usage.cpuSeconds += cpuSeconds
    usage.mainThreadCpuSeconds += mainThreadCpuSeconds
    usage.pids.push(each)
  }
  return usage
}

/** A process and its descendants, from each thread's `/proc/<pid>/task/<tid>/children`. */
function listProcessTree(pid: number): number[] {
  const tree = [pid]
  for (let index = 0; index < tree.length; index++) {
    const parent = tree[index]!
    let threads: string[]
    try {
      threads = readdirSync(`/proc/${parent}/task`)
    } catch {
      continue
    }
    for (const thread of threads) {
      try {
        const children = readFileSync(`/proc/${parent}/task/${thread}/children`, 'latin1').trim()
        if (children) tree.push(...children.split(' ').map(Number))
      } catch {
        // The thread ended between the listing and the read.
      }
    }
  }
  return tree
}

/** utime + stime of a /proc `stat` file. */
function readCpuSeconds(path: string): number {
  // Fields after the command name, which is in parentheses and may hold spaces.
  const stat = readFileSync(path, 'latin1')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / clockTicksPerSecond
}
