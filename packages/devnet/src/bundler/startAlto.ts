import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Address, Hex } from 'viem'
import { assertPortFree } from '../process/assertPortFree.js'
import { getFreePort } from '../process/getFreePort.js'
import { spawnGuarded } from '../process/spawnGuarded.js'
import { stopProcess } from '../process/stopProcess.js'
import { waitForRpc } from '../process/waitForRpc.js'

export type StartAltoParameters = {
  /** The node alto bundles on. */
  rpcUrl: string
  entryPoints: readonly Address[]
  /** alto's executor key: nothing else may send from this account, or alto's nonces break. */
  executorPrivateKey: Hex
  /** alto's utility key (deploys its simulation contracts, refills the executor). */
  utilityPrivateKey: Hex
  /** A random free port by default. A port that already answers is refused. */
  port?: number | undefined
  /** Receives alto's output (warnings and errors); dropped by default. */
  onOutput?: ((chunk: string) => void) | undefined
}

export type StartAltoReturnType = {
  bundlerUrl: string
  port: number
  stop(): Promise<void>
}

const require = createRequire(import.meta.url)

/**
 * Starts the alto bundler (`@pimlico/alto`) against a node and resolves once it answers
 * `eth_supportedEntryPoints` (about 2 s, mostly module loading). Runs with `--safe-mode false` (anvil has no
 * `debug_traceCall` tracer alto accepts) and deploys its simulation contracts through the deterministic deployer.
 *
 * Bundles every 20–100 ms (alto's adaptive interval otherwise drifts to 1 s). Gas estimates get margins (call gas ×1.2, verification gas ×1.5): alto's estimate is the gas the simulation
 * used, which is too tight for an account calling itself (63/64 of the gas reaches a nested call; measured: a
 * MultiOwnerLightAccount `updateOwners` estimated at 30,971 needed about 40,000) and for a ModularAccountV2
 * batch to new addresses (AA26 over verificationGasLimit at alto's default ×1.3).
 *
 * alto has no host flag: it listens on 0.0.0.0, so the bundler is reachable from the network on this port.
 * The URL returned is the loopback one.
 *
 * @example
 * const alto = await startAlto({ rpcUrl, entryPoints: [entryPoint07Address], executorPrivateKey, utilityPrivateKey })
 */
export async function startAlto(parameters: StartAltoParameters): Promise<StartAltoReturnType> {
  const { rpcUrl, entryPoints, executorPrivateKey, utilityPrivateKey, onOutput } = parameters
  const port = parameters.port ?? (await getFreePort())
  if (parameters.port !== undefined) await assertPortFree(port, 'bundler (alto)')
  const args = [
    ...['--entrypoints', entryPoints.join(',')],
    ...['--executor-private-keys', executorPrivateKey],
    ...['--utility-private-key', utilityPrivateKey],
    ...['--rpc-url', rpcUrl],
    ...['--port', String(port)],
    ...['--safe-mode', 'false'],
    ...['--v6-call-gas-limit-multiplier', '120', '--v6-verification-gas-limit-multiplier', '150'],
    ...['--v7-call-gas-limit-multiplier', '120', '--v7-verification-gas-limit-multiplier', '150'],
    // alto stretches its bundling interval from 100 ms towards 1000 ms while bundles stay small (one operation
    // at a time, as a developer sends them): measured, send-to-receipt grew from 0.25 s to 0.85 s over 60
    // operations. anvil mines at once, so the devnet keeps the interval short, and alto polls for its bundles'
    // receipts every 100 ms instead of a public chain's block time: send-to-receipt is then about 0.1 s.
    ...['--min-bundle-interval', '20', '--max-bundle-interval', '100', '--block-time', '100'],
    ...['--enable-cors', 'true'],
    ...['--log-level', 'warn'],
  ]
  // The package root as cwd: alto reads a `.env` from its working directory, and the developer's must not leak in.
  const altoRoot = join(dirname(require.resolve('@pimlico/alto')), '..')
  const child = spawnGuarded(process.execPath, [join(altoRoot, 'esm', 'cli', 'alto.js'), ...args], {
    cwd: altoRoot,
  })
  let output = ''
  const collect = (chunk: Buffer) => {
    const text = chunk.toString()
    output = (output + text).slice(-10_000)
    onOutput?.(text)
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  const bundlerUrl = `http://127.0.0.1:${port}`
  try {
    await waitForRpc({
      url: bundlerUrl,
      method: 'eth_supportedEntryPoints',
      child,
      output: () => output,
      name: 'alto',
      timeoutMs: 60_000,
      intervalMs: 25,
    })
  } catch (error) {
    await stopProcess(child)
    throw error
  }
  return { bundlerUrl, port, stop: () => stopProcess(child) }
}
