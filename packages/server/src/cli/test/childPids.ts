import { readdirSync, readFileSync } from 'node:fs'

/**
 * The pids of the live processes whose parent is `parent`, read from /proc (Linux): the workers a
 * `--workers` primary has forked, including one forked a moment ago that has not said anything yet.
 *
 * @example
 * const workers = childPids(server.process.pid!)
 */
export function childPids(parent: number): number[] {
  const children: number[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8')
    } catch {
      continue // exited while we looked
    }
    // `pid (comm) state ppid …`
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    if (Number(ppid) === parent && state !== 'Z') children.push(Number(name))
  }
  return children
}
