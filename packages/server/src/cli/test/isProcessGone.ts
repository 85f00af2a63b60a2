import { readFileSync } from 'node:fs'

/**
 * True when process `pid` has exited: no such process, or a zombie (state `Z` in /proc/PID/stat) that its
 * new parent has not reaped yet, as happens to the workers of a killed `--workers` primary.
 *
 * @example
 * while (!isProcessGone(pid)) await new Promise((resolve) => setTimeout(resolve, 20))
 */
export function isProcessGone(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return true
    throw error
  }
  try {
    // `pid (comm) S …`: the state follows the last `)`.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')
  } catch {
    return true
  }
}
