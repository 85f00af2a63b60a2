import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'

export type StartDevnetProcessParameters = {
  /** The repository's root folder. */
  repositoryRoot: string
  /** The node's port (anvil, 127.0.0.1). */
  port: number
  /** The bundler's port (alto). */
  bundlerPort: number
  /** The address the paymasters trust: the Sigil server's paymaster signer. */
  paymasterSigner: string
  /** The Solana runtime's port (litesvm, 127.0.0.1). */
  solanaPort: number
  /** Solana addresses the runtime funds with 1000 SOL each: the Sigil server's fee payer. */
  solanaFund: string[]
  /** Run the CLI from TypeScript source (the test run's bundle, `SIGIL_DEVNET_CLI_BUNDLE`, else tsx) instead of `packages/devnet/dist` (tests). */
  fromSource?: boolean | undefined
}

export type EntryPointVersion = '0.6' | '0.7' | '0.8'

export type StartedDevnet = {
  chainId: number
  /** The node (anvil). */
  rpcUrl: string
  /** The bundler (alto). */
  bundlerUrl: string
  /** Sigil's verifying paymaster per EntryPoint version. */
  paymasters: Record<EntryPointVersion, string>
  /** The local Solana runtime (litesvm): its JSON-RPC and websocket URLs. */
  solana: { rpcUrl: string; wsUrl: string }
  /** The seconds the devnet took to be ready, as it reported. */
  readySeconds: string
  process: ChildProcess
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<number | NodeJS.Signals | null>
  /** SIGTERM (after 5 s SIGKILL); resolves once the process has exited (anvil and alto with it). */
  stop(): Promise<void>
}

/**
 * Runs `sigil-devnet start` in a child process (anvil, EntryPoints, Sigil's account contracts and
 * paymasters, alto, the Solana runtime) and reads the URLs and paymaster addresses from its banner.
 * Should this process die without stopping it, the devnet stops itself and its children
 * (`exitWithParent.mjs`).
 *
 * @example
 * const devnet = await startDevnetProcess({ repositoryRoot, port: 8545, bundlerPort: 4337, paymasterSigner, solanaPort: 8899, solanaFund: [feePayer] })
 */
export async function startDevnetProcess(parameters: StartDevnetProcessParameters): Promise<StartedDevnet> {
  const { repositoryRoot, port, bundlerPort, paymasterSigner } = parameters
  const exitWithParent = ['--import', new URL('./exitWithParent.mjs', import.meta.url).href]
  const bundle = process.env.SIGIL_DEVNET_CLI_BUNDLE
  const cli = !parameters.fromSource
    ? [join(repositoryRoot, 'packages/devnet/dist/cli.js')]
    : bundle
      ? [bundle]
      : ['--conditions=source', '--import', 'tsx', join(repositoryRoot, 'packages/devnet/src/cli.ts')]
  const args = [
    ...exitWithParent,
    ...cli,
    'start',
    '--port',
    String(port),
    '--bundler-port',
    String(bundlerPort),
    '--paymaster-signer',
    paymasterSigner,
    '--solana-port',
    String(parameters.solanaPort),
    ...parameters.solanaFund.flatMap((address) => ['--solana-fund', address]),
  ]
  const child = spawn(process.execPath, args, {
    cwd: repositoryRoot,
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  })
  child.channel?.unref()
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  )

  let banner = ''
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      banner += chunk.toString('utf8')
      if (!/^Stop with Ctrl-C$/m.test(banner)) return
      child.stdout?.off('data', onData)
      child.stdout?.resume()
      resolve()
    }
    child.stdout?.on('data', onData)
    void exited.then((code) => reject(new Error(`the devnet exited (${code}) before it was ready`)))
  })

  const read = (label: string) => {
    const value = new RegExp(`^ {2}${label.replace(/[.()]/g, '\\$&')}:\\s+(\\S+)`, 'm').exec(banner)?.[1]
    if (!value) throw new Error(`no '${label}' line in the devnet's banner:\n${banner}`)
    return value
  }
  return {
    chainId: Number(/chain id (\d+)/.exec(banner)?.[1] ?? 31337),
    rpcUrl: read('node (anvil)'),
    bundlerUrl: read('bundler (alto)'),
    paymasters: {
      '0.6': read('SigilPaymaster v0.6'),
      '0.7': read('SigilPaymaster v0.7'),
      '0.8': read('SigilPaymaster v0.8'),
    },
    solana: { rpcUrl: read('Solana RPC (litesvm)'), wsUrl: read('Solana websocket') },
    readySeconds: /^Ready in (\S+) s$/m.exec(banner)?.[1] ?? '?',
    process: child,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(timer)
    },
  }
}
