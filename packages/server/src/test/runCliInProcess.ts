import { format } from 'node:util'
import { formatCliError } from '../cli/formatCliError.js'
import { runCliCommand } from '../cli/runCliCommand.js'
import { processLineBuffers } from '../log/processLineBuffers.js'
import { withMailDelivery } from './spawnServer.js'

type Output = { code: number | null; stdout: string; stderr: string }

/**
 * Runs a one-shot `sigil-server` command in this process, as `cli.ts` would run it in its own: the same
 * dispatch (`runCliCommand`), the same error line on stderr and exit code 1 (`formatCliError`), `env` set
 * in `process.env` for the command's duration, and everything it prints captured (console, log lines and
 * any direct write to stdout or stderr). Answers what `runCli` answers, without a child process's start
 * (about a second of CPU each): for the suites about what a command does, not about the process (exit on
 * a signal, a port in use, the usage on an unknown flag: those keep `runCli`). Not for `start`.
 *
 * @example
 * const { code, stdout } = await runCliInProcess(['policy', 'list', '--data-dir', dir], { SIGIL_MASTER_KEY })
 */
export async function runCliInProcess(args: string[], env: Record<string, string> = {}): Promise<Output> {
  if (args[0] === 'start')
    throw new Error('runCliInProcess runs one-shot commands; use spawnServer for start')
  let stdout = ''
  let stderr = ''
  const saved = Object.entries(withMailDelivery(args, env)).map(([name, value]) => {
    const before = process.env[name]
    process.env[name] = value
    return { name, before }
  })
  const consoleMethods = { log: console.log, info: console.info, warn: console.warn, error: console.error }
  const writes = { stdout: process.stdout.write, stderr: process.stderr.write }
  const exitCodeBefore = process.exitCode
  console.log = console.info = (...parts: unknown[]) => {
    stdout += `${format(...parts)}\n`
  }
  console.warn = console.error = (...parts: unknown[]) => {
    stderr += `${format(...parts)}\n`
  }
  process.stdout.write = ((chunk: string | Uint8Array) => {
    stdout += String(chunk)
    return true
  }) as typeof process.stdout.write
  process.stderr.write = ((chunk: string | Uint8Array) => {
    stderr += String(chunk)
    return true
  }) as typeof process.stderr.write
  process.exitCode = undefined
  let code = 0
  try {
    await runCliCommand(args)
    code = Number(process.exitCode ?? 0)
  } catch (error) {
    console.error(formatCliError(error))
    code = 1
  } finally {
    // Log lines of this turn are still buffered: they belong to the command's output.
    const lines = processLineBuffers()
    lines.stdout.flush()
    lines.stderr.flush()
    Object.assign(console, consoleMethods)
    process.stdout.write = writes.stdout
    process.stderr.write = writes.stderr
    process.exitCode = exitCodeBefore
    for (const { name, before } of saved)
      if (before === undefined) delete process.env[name]
      else process.env[name] = before
  }
  return { code, stdout, stderr }
}
