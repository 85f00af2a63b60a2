import { type SpawnedServer, spawnServer } from '../../test/spawnServer.js'

export type LogLine = Record<string, unknown> & { pid: number; message: string }

export type StartedCluster = SpawnedServer & {
  /** The workers' pids, from the `workers: N processes sharing port P (pids …)` line. */
  pids: number[]
  /** The admin listener's base URL, when `--admin-port` was given. */
  admin: string | undefined
  /** The JSON log lines written so far, by the primary and the workers (each names its `pid`). */
  logLines(): LogLine[]
  /** The `error` log lines so far, one JSON per line: a failed expectation's message. */
  errorLines(): string
}

/**
 * Runs `sigil-server start --workers …` from source (`spawnServer`) and waits for the whole start-up
 * output (`stop with Ctrl-C`), so the pids and the admin URL are known (docs/deploy.md#workers).
 *
 * @example
 * const cluster = await startCluster(['start', '--port', '0', '--workers', '2', '--data-dir', dir], env)
 */
export async function startCluster(args: string[], env: Record<string, string>): Promise<StartedCluster> {
  const server = await spawnServer(args, env)
  while (!server.output().includes('stop with Ctrl-C')) {
    if (server.process.exitCode !== null) throw new Error(`the cluster exited:\n${server.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const output = server.output()
  const logLines = () =>
    server
      .output()
      .split('\n')
      .slice(0, -1) // the last is empty, or a line still being written
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine)
  return {
    ...server,
    pids: output
      .match(/workers: \d+ processes sharing port \d+ \(pids ([\d, ]+)\)/)![1]!
      .split(', ')
      .map(Number),
    admin: output.match(/admin: (http:\/\/\S+)\/metrics/)?.[1],
    logLines,
    errorLines: () =>
      logLines()
        .filter((line) => line.level === 'error')
        .map((line) => JSON.stringify(line))
        .join('\n'),
  }
}
