import { type ChildProcessByStdio, spawn } from 'node:child_process'
import type { Readable, Writable } from 'node:stream'

/**
 * The guard: runs the command in the background, and a reader on the pipe from this process. When this process
 * dies (even by SIGKILL) the pipe closes, the read returns, and the command gets SIGTERM, so a crashed or killed
 * parent never leaves anvil or alto behind. SIGTERM/SIGINT to the guard are passed on to the command; the guard
 * exits with the command's status once it is gone.
 */
const guard = `
exec 3<&0
"$@" 3<&- & child=$!
(read _ignored <&3; kill -TERM "$child" 2>/dev/null) & watcher=$!
exec 3<&-
trap 'kill -TERM "$child" 2>/dev/null' TERM INT
wait "$child"; status=$?
while kill -0 "$child" 2>/dev/null; do wait "$child"; status=$?; done
kill "$watcher" 2>/dev/null
exit "$status"
`

/**
 * Spawns `command` so that it cannot outlive this process: through a small POSIX `sh` guard that watches a pipe
 * from us (on Windows, directly). `stop` it with SIGTERM as usual.
 *
 * @example
 * const child = spawnGuarded('/path/to/anvil', ['--port', '8545'])
 */
export function spawnGuarded(
  command: string,
  args: readonly string[],
  options: { cwd?: string | undefined } = {},
): ChildProcessByStdio<Writable, Readable, Readable> {
  if (process.platform === 'win32')
    return spawn(command, args, { cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'] })
  return spawn('/bin/sh', ['-c', guard, 'sigil-devnet-guard', command, ...args], {
    cwd: options.cwd,
    stdio: ['pipe', 'pipe', 'pipe'],
  })
}
