import type { ChildProcess } from 'node:child_process'

/** Sends SIGTERM and waits for the exit; SIGKILL after `timeoutMs`. Resolves at once for an exited process. */
export async function stopProcess(child: ChildProcess, timeoutMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  await exited
  clearTimeout(timer)
}
