import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { assertPortFree } from '../process/assertPortFree.js'
import { getFreePort } from '../process/getFreePort.js'
import { spawnGuarded } from '../process/spawnGuarded.js'
import { stopProcess } from '../process/stopProcess.js'
import { waitForRpc } from '../process/waitForRpc.js'

export type StartAnvilParameters = {
  /** Port on 127.0.0.1; a random free one by default. A port that already answers is refused. */
  port?: number | undefined
}

export type StartAnvilReturnType = {
  rpcUrl: string
  port: number
  stop(): Promise<void>
}

const require = createRequire(import.meta.url)

/**
 * Starts anvil (Prague, chain id 31337) on 127.0.0.1 and resolves once it answers `eth_chainId`.
 * Spawns the platform binary of `@foundry-rs/anvil` directly (about 50 ms to ready), or its Node wrapper.
 *
 * @example
 * const anvil = await startAnvil()
 * // anvil.rpcUrl === 'http://127.0.0.1:39181'
 * await anvil.stop()
 */
export async function startAnvil(parameters: StartAnvilParameters = {}): Promise<StartAnvilReturnType> {
  const port = parameters.port ?? (await getFreePort())
  if (parameters.port !== undefined) await assertPortFree(port, 'node (anvil)')
  const [command, ...prefix] = anvilCommand()
  const args = ['--hardfork', 'prague', '--host', '127.0.0.1', '--port', String(port), '--silent']
  const child = spawnGuarded(command as string, [...prefix, ...args])
  let output = ''
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-10_000)
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  const rpcUrl = `http://127.0.0.1:${port}`
  try {
    await waitForRpc({ url: rpcUrl, method: 'eth_chainId', child, output: () => output, name: 'anvil' })
  } catch (error) {
    await stopProcess(child)
    throw error
  }
  return { rpcUrl, port, stop: () => stopProcess(child) }
}

/** The platform binary, or `node` with the package's wrapper script (which finds the binary itself). */
function anvilCommand(): string[] {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const platform = process.platform === 'win32' ? 'win32' : process.platform
  try {
    const root = dirname(require.resolve(`@foundry-rs/anvil-${platform}-${arch}/package.json`))
    const binary = join(root, 'bin', platform === 'win32' ? 'anvil.exe' : 'anvil')
    if (existsSync(binary)) return [binary]
  } catch {
    // no platform package: use the wrapper below
  }
  return [process.execPath, join(dirname(require.resolve('@foundry-rs/anvil/package.json')), 'bin.mjs')]
}
