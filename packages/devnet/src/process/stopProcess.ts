import type { ChildProcess } from 'node:child_process'

/**
 * Sends SIGTERM and waits for the exit; after `timeoutMs`, SIGKILL and our end of its stdin closed (which makes
 * a `spawnGuarded` guard's watcher stop the command). Resolves at once for an exited process.
 */
export async function stopProcess(child: ChildProcess, timeoutMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => {
    child.kill('SIGKILL')
    child.stdin?.destroy()
  }, timeoutMs)
  await exited
  clearTimeout(timer)
  child.stdin?.destroy()
}
