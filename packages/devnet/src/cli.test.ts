import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, test } from 'vitest'
import { assertPortFree } from './process/assertPortFree.js'
import { getFreePort } from './process/getFreePort.js'

/**
 * `sigil-devnet` as a developer runs it: a real child process from source (the test run's bundle of the
 * CLI, `SIGIL_DEVNET_CLI_BUNDLE`, else `src/cli.ts` through tsx).
 */

const cliPath = fileURLToPath(new URL('./cli.ts', import.meta.url))
const cliArgs = process.env.SIGIL_DEVNET_CLI_BUNDLE
  ? [process.env.SIGIL_DEVNET_CLI_BUNDLE]
  : ['--conditions=source', '--import', 'tsx', cliPath]
const packageRoot = fileURLToPath(new URL('..', import.meta.url))
const slow = { timeout: 120_000 }
const solanaAccount = 'Ga3ZW7bCnUa8rTfz2q2Wd399PmStH8HEaZA9bTiZrCAd'

type Cli = { child: ChildProcess; output(): string; exited: Promise<number | null> }

const started: Cli[] = []
// SIGTERM, not SIGKILL: the CLI stops anvil and alto on SIGTERM, while a killed CLI would leave them running.
afterAll(async () => {
  for (const { child, exited } of started)
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await exited
    }
})

function runCli(args: string[]): Cli {
  const child = spawn(process.execPath, [...cliArgs, ...args], {
    cwd: packageRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => {
    output += chunk
  })
  child.stderr.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const cli = { child, output: () => output, exited }
  started.push(cli)
  return cli
}

async function waitForOutput(cli: Cli, pattern: RegExp): Promise<void> {
  for (let waited = 0; waited < 90_000; waited += 50) {
    if (pattern.test(cli.output())) return
    if (cli.child.exitCode !== null) throw new Error(`sigil-devnet exited early:\n${cli.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`no ${pattern} in:\n${cli.output()}`)
}

/** Every process below `pid` (the guards, anvil and alto; tsx may run an esbuild child as well). */
function descendantsOf(pid: number): { pid: number; args: string }[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => ({ pid: Number(match[1]), ppid: Number(match[2]), args: match[3] as string }))
  const found: { pid: number; args: string }[] = []
  const walk = (parent: number) => {
    for (const row of rows.filter((candidate) => candidate.ppid === parent)) {
      found.push({ pid: row.pid, args: row.args })
      walk(row.pid)
    }
  }
  walk(pid)
  return found
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function waitUntilGone(pid: number): Promise<boolean> {
  for (let waited = 0; waited < 10_000; waited += 25) {
    if (!isRunning(pid)) return true
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return false
}

/** The port on a banner line such as `  node (anvil):   http://127.0.0.1:8545`. */
function bannerPort(output: string, label: string): number {
  const line = new RegExp(`^ {2}${label.replace(/[()]/g, '\\$&')}: +http://127\\.0\\.0\\.1:(\\d+)`, 'm')
  return Number(line.exec(output)?.[1] ?? Number.NaN)
}

async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: unknown }).result
}

describe('sigil-devnet start', slow, () => {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGKILL'] as const)
    test(`${signal === 'SIGINT' ? 'default' : 'behavior'}: prints the URLs, addresses and ready time; ${signal} leaves no process`, async () => {
      // SIGKILL passes 0 for every port and reads the picked ones from the banner.
      const picked: [number, number, number] =
        signal === 'SIGKILL' ? [0, 0, 0] : [await getFreePort(), await getFreePort(), await getFreePort()]
      // SIGTERM runs without the Solana runtime; the others with it, SIGINT funding an account.
      const solanaArgs =
        signal === 'SIGTERM'
          ? ['--without-solana']
          : [
              '--solana-port',
              String(picked[2]),
              ...(signal === 'SIGINT' ? ['--solana-fund', solanaAccount] : []),
            ]
      const cli = runCli([
        'start',
        '--port',
        String(picked[0]),
        '--bundler-port',
        String(picked[1]),
        ...solanaArgs,
      ])
      await waitForOutput(cli, /^Stop with Ctrl-C$/m)
      const output = cli.output()
      // Each port as the banner shows it: the one asked for, or the one picked for 0.
      const [port, bundlerPort] = [bannerPort(output, 'node (anvil)'), bannerPort(output, 'bundler (alto)')]
      const solanaPort = signal === 'SIGTERM' ? picked[2] : bannerPort(output, 'Solana RPC (litesvm)')
      if (signal === 'SIGKILL') expect(Math.min(port, bundlerPort, solanaPort)).toBeGreaterThan(0)
      else expect([port, bundlerPort, solanaPort]).toEqual(picked)
      expect(output).toContain(`node (anvil):                      http://127.0.0.1:${port}`)
      expect(output).toContain(
        `bundler (alto):                    http://127.0.0.1:${bundlerPort} (alto listens on 0.0.0.0)`,
      )
      if (signal === 'SIGTERM') expect(output).not.toContain('Solana')
      else {
        expect(output).toContain(`Solana RPC (litesvm):              http://127.0.0.1:${solanaPort}`)
        expect(output).toContain(`Solana websocket:                  ws://127.0.0.1:${solanaPort}`)
        const balance = await rpc(`http://127.0.0.1:${solanaPort}`, 'getBalance', [solanaAccount])
        expect(balance).toMatchObject({ value: signal === 'SIGINT' ? 1_000_000_000_000 : 0 })
      }
      expect(output).toMatch(/EntryPoint v0\.6: +0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789/)
      expect(output).toMatch(/SigilPaymaster v0\.7: +0xc05349D4d4D3d2c1eA3bae6994C91cAFF04be3dC/)
      expect(output).toMatch(/LightAccount v2\.0\.0 factory: +0x0000000000400CdFef5E2714E63d8040b700BC24/)
      expect(output).toMatch(/^Ready in \d+\.\d s$/m)
      expect(await rpc(`http://127.0.0.1:${port}`, 'eth_chainId')).toBe('0x7a69')
      expect(await rpc(`http://127.0.0.1:${bundlerPort}`, 'eth_supportedEntryPoints')).toHaveLength(3)

      const processes = descendantsOf(cli.child.pid as number)
      // Each runs under a guard (`sh`, plus its watcher subshell, which show the same arguments).
      const commands = processes.filter(({ args }) => !args.startsWith('/bin/sh'))
      expect(commands.filter(({ args }) => /bin\/anvil --hardfork prague/.test(args))).toHaveLength(1)
      expect(commands.filter(({ args }) => /alto\.js --entrypoints/.test(args))).toHaveLength(1)
      cli.child.kill(signal)
      const code = await cli.exited
      if (signal === 'SIGKILL') expect(code).toBeNull()
      else {
        expect(code).toBe(0)
        expect(cli.output()).toContain('sigil-devnet stopped')
      }
      // Even a SIGKILLed CLI leaves nothing: the guards see its pipe close and stop anvil and alto.
      for (const { pid } of processes) expect(await waitUntilGone(pid)).toBe(true)
      await assertPortFree(port, 'node')
      await assertPortFree(bundlerPort, 'bundler')
      await assertPortFree(solanaPort, 'Solana runtime')
    })

  test('error: a port that already answers is refused with a clear message, and nothing starts', async () => {
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const busy = (server.address() as { port: number }).port
    try {
      const cli = runCli([
        'start',
        '--port',
        String(await getFreePort()),
        '--bundler-port',
        String(busy),
        '--solana-port',
        '0',
      ])
      expect(await cli.exited).toBe(1)
      expect(cli.output()).toContain(`sigil-devnet: Port ${busy} is already in use`)
      expect(cli.output()).toContain('choose another port for the bundler (alto)')
      const solana = runCli(['start', '--port', String(await getFreePort()), '--solana-port', String(busy)])
      expect(await solana.exited).toBe(1)
      expect(solana.output()).toContain(`sigil-devnet: Port ${busy} is already in use`)
      expect(solana.output()).toContain('choose another port for the Solana runtime')
      expect(solana.output()).not.toContain('Sigil devnet')
    } finally {
      server.close()
    }
  })

  test('error: bad Solana flags are refused before anything starts', async () => {
    const notAddress = runCli(['start', '--solana-port', '0', '--solana-fund', '0x1234'])
    expect(await notAddress.exited).toBe(1)
    expect(notAddress.output()).toContain('sigil-devnet: Not a Solana address: 0x1234')
    const conflicting = runCli(['start', '--without-solana', '--solana-fund', solanaAccount])
    expect(await conflicting.exited).toBe(1)
    expect(conflicting.output()).toContain('need the Solana runtime: drop --without-solana')
    const badPort = runCli(['start', '--solana-port', '70000'])
    expect(await badPort.exited).toBe(1)
    expect(badPort.output()).toContain('--solana-port must be 0-65535 (0 picks a free port), got 70000')
  })
})
