import { type ChildProcess, spawn } from 'node:child_process'
import { closeSync, openSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { serverCliArgs } from './serverCliArgs.js'

const serverRoot = fileURLToPath(new URL('../..', import.meta.url))

/**
 * `sigil-server start` without `--dev` needs `SMTP_URL`; these helpers start it as production would,
 * with a closed loopback port as the SMTP server (nothing here sends mail), unless the args say `--dev`
 * or `env` sets `SMTP_URL` (`SMTP_URL: ''` to start without one).
 */
export function withMailDelivery(args: string[], env: Record<string, string>): Record<string, string> {
  if (args[0] !== 'start' || args.includes('--dev') || 'SMTP_URL' in env) return env
  return { SMTP_URL: 'smtp://127.0.0.1:9', ...env }
}

export type SpawnedServer = {
  url: string
  process: ChildProcess
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string
  /** SIGTERM (graceful) or SIGKILL; resolves when the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>
}

/**
 * Runs `sigil-server <args>` from source (`serverCliArgs`) in a child process, as an operator would, and for
 * `start` waits for its `Sigil server listening on …` line.
 *
 * @example
 * const server = await spawnServer(['start', '--port', '0', '--data-dir', dir], { SIGIL_MASTER_KEY: key })
 */
export async function spawnServer(
  args: string[],
  env: Record<string, string> = {},
  options: {
    /**
     * Where the process writes its stdout and stderr, as an operator's log file: nothing is read from a
     * pipe while it runs (the bench, so its load generator does not spend its time reading log lines).
     */
    outputFile?: string
  } = {},
): Promise<SpawnedServer> {
  const { outputFile } = options
  const fd = outputFile === undefined ? undefined : openSync(outputFile, 'a')
  const child = spawn(process.execPath, [...serverCliArgs(), ...args], {
    cwd: serverRoot,
    env: { ...process.env, ...withMailDelivery(args, env) },
    stdio: fd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', fd, fd],
  })
  if (fd !== undefined) closeSync(fd)
  let piped = ''
  child.stdout?.on('data', (chunk) => {
    piped += chunk
  })
  child.stderr?.on('data', (chunk) => {
    piped += chunk
  })
  const output = () => (outputFile === undefined ? piped : readFileSync(outputFile, 'utf8'))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      clearInterval(poll)
      reject(new Error(`server did not start within 60 s:\n${output()}`))
    }, 60_000)
    const check = () => {
      const match = output().match(/Sigil server listening on (http:\/\/\S+)/)
      if (match) {
        clearTimeout(timer)
        clearInterval(poll)
        resolve(match[1]!)
      }
    }
    child.stdout?.on('data', check)
    const poll = setInterval(() => outputFile !== undefined && check(), 50)
    child.once('exit', (code) => {
      clearTimeout(timer)
      clearInterval(poll)
      reject(new Error(`server exited with ${code} before listening:\n${output()}`))
    })
  })
  return {
    url,
    process: child,
    output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      await exited
    },
  }
}

/**
 * Runs a one-shot `sigil-server` subcommand from source (`serverCliArgs`) and returns its exit code and output.
 *
 * @example
 * const { code, stdout } = await runCli(['admin', 'create-api-key', '--name', 'ops', '--data-dir', dir])
 */
export async function runCli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...serverCliArgs(), ...args], {
    cwd: serverRoot,
    env: { ...process.env, ...withMailDelivery(args, env) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => {
    stdout += chunk
  })
  child.stderr.on('data', (chunk) => {
    stderr += chunk
  })
  const code = await new Promise<number | null>((resolve) =>
    child.once('exit', (exitCode) => resolve(exitCode)),
  )
  return { code, stdout, stderr }
}
