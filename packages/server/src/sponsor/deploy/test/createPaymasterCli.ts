import { vi } from 'vitest'
import { paymasterCommand } from '../../../cli/paymasterCommand.js'
import { runCli } from '../../../test/spawnServer.js'

export type CliRun = { code: number | null; stdout: string; stderr: string }

/** The last line a command printed, parsed (each `sigil-server paymaster` action prints one JSON line). */
export const lastJson = (stdout: string) => JSON.parse(stdout.trim().split('\n').at(-1)!)

/**
 * A command in this process (no tsx start-up per run, about 3 s under load): what it printed, or the
 * error's one-line message as the CLI shows it. `extraEnv` is set for the run only.
 */
export async function captured(
  run: () => Promise<void>,
  extraEnv: Record<string, string> = {},
): Promise<CliRun> {
  const saved = Object.fromEntries(Object.keys(extraEnv).map((name) => [name, process.env[name]]))
  Object.assign(process.env, extraEnv)
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
  try {
    await run()
    return { code: 0, stdout: log.mock.calls.map((call) => String(call[0])).join('\n'), stderr: '' }
  } catch (error) {
    const { shortMessage, message } = error as { shortMessage?: string; message: string }
    return { code: 1, stdout: '', stderr: `sigil-server: ${shortMessage ?? message}` }
  } finally {
    log.mockRestore()
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  }
}

/**
 * `sigil-server paymaster <action> --rpc <rpcUrl> --data-dir <dataDir> --entry-point <version> …args`, in
 * this process (`inProcess`) or in a child process as an operator runs it (`child`, about 3 s each under load).
 *
 * @example
 * const cli = createPaymasterCli({ rpcUrl, dataDir, version: '0.6', env: { SIGIL_MASTER_KEY } })
 * const status = lastJson((await cli.inProcess('status', ['--owner', owner])).stdout)
 */
export function createPaymasterCli({
  rpcUrl,
  dataDir,
  version,
  env,
}: {
  rpcUrl: string
  dataDir: string
  version: '0.6' | '0.7' | '0.8'
  env: Record<string, string>
}) {
  const withBase = (action: string, args: string[]) => [
    action,
    '--rpc',
    rpcUrl,
    '--data-dir',
    dataDir,
    '--entry-point',
    version,
    ...args,
  ]
  return {
    inProcess: (action: string, args: string[] = [], extraEnv: Record<string, string> = {}) =>
      captured(() => paymasterCommand(withBase(action, args)), extraEnv),
    child: (action: string, args: string[] = [], extraEnv: Record<string, string> = {}): Promise<CliRun> =>
      runCli(['paymaster', ...withBase(action, args)], { ...env, ...extraEnv }),
  }
}
