import type { Address, Hex } from 'viem'
import { startAnvil } from './anvil/startAnvil.js'
import { startAlto } from './bundler/startAlto.js'
import { anvilAccounts } from './deploy/anvilAccounts.js'
import type { DeployDevnetContractsReturnType } from './deploy/deployDevnetContracts.js'
import type { EntryPoints } from './deploy/EntryPoints.js'
import { entryPointAddresses } from './deploy/entryPointAddresses.js'
import type { Paymasters } from './deploy/Paymasters.js'
import { placeEntryPoints } from './deploy/placeEntryPoints.js'
import { assertPortFree } from './process/assertPortFree.js'
import { createJsonRpc } from './process/createJsonRpc.js'

export type StartDevnetParameters = {
  /** The node's port on 127.0.0.1; random by default. A port that already answers is refused. */
  port?: number | undefined
  /** The bundler's port (alto listens on 0.0.0.0); random by default. A port that already answers is refused. */
  bundlerPort?: number | undefined
  /** Whose signature sponsors operations through the paymasters; the paymaster owner by default. */
  paymasterSigner?: Address | undefined
  /** alto's warnings and errors: `true` writes them to stderr, a function receives them. Dropped by default. */
  log?: boolean | ((text: string) => void) | undefined
}

export type DevAccount = { address: Address; privateKey: Hex }

export type Devnet = {
  chainId: 31337
  rpcUrl: string
  bundlerUrl: string
  entryPoints: EntryPoints
  paymasters: Paymasters
  /** Owns the paymasters (anvil #0, also the deployer). */
  paymasterOwner: DevAccount
  /** Where Sigil's account stand-ins are placed (the canonical addresses). */
  accounts: DeployDevnetContractsReturnType['accounts']
  /** Makes `signer` the paymasters' signer (the gateway's vault key, say). */
  setPaymasterSigner(signer: Address): Promise<void>
  /** Funded accounts for developers (anvil #3–#9; #1 and #2 belong to the bundler). */
  devAccounts: DevAccount[]
  stop(): Promise<void>
}

/**
 * Starts Sigil's local chain stack: anvil (Prague, chain id 31337), EntryPoint v0.6/v0.7/v0.8 and Sigil's
 * account stand-ins at their canonical addresses, Sigil's verifying paymasters (100 ETH deposited each), and the
 * alto bundler.
 *
 * alto spends about 2 s (much more on a busy machine) loading its modules, and it is the critical path: it is
 * spawned as soon as anvil answers and the EntryPoints are placed (over bare JSON-RPC, about 0.1 s; alto checks
 * them first), before this process even loads viem and the other artifacts (imported lazily); everything else is
 * deployed meanwhile from account #0 (alto sends from #1 and #2, so the nonces never collide).
 *
 * @example
 * const devnet = await startDevnet()
 * // devnet.rpcUrl, devnet.bundlerUrl, devnet.paymasters['0.7'], …
 * await devnet.stop()
 */
export async function startDevnet(parameters: StartDevnetParameters = {}): Promise<Devnet> {
  const { port, bundlerPort, paymasterSigner, log } = parameters
  // Both ports are checked before anything starts, so a busy bundler port does not cost a node start.
  if (port !== undefined) await assertPortFree(port, 'node (anvil)')
  if (bundlerPort !== undefined) await assertPortFree(bundlerPort, 'bundler (alto)')
  const anvil = await startAnvil({ port })
  const stops: (() => Promise<void>)[] = [anvil.stop]
  const stop = async () => {
    for (const stopOne of stops.splice(0).reverse()) await stopOne()
  }
  try {
    // alto refuses to start without code at the EntryPoints, so they go first, over bare JSON-RPC.
    await placeEntryPoints(createJsonRpc(anvil.rpcUrl))
    const altoStarting = startAlto({
      rpcUrl: anvil.rpcUrl,
      entryPoints: Object.values(entryPointAddresses),
      executorPrivateKey: anvilAccounts[1].privateKey,
      utilityPrivateKey: anvilAccounts[2].privateKey,
      port: bundlerPort,
      onOutput: log === true ? (text) => process.stderr.write(text) : log || undefined,
    })
    altoStarting.catch(() => undefined) // handled below (awaited) or by stop()
    stops.push(async () => (await altoStarting.catch(() => undefined))?.stop())
    const { deployDevnetContracts } = await import('./deploy/deployDevnetContracts.js')
    const devAccounts = anvilAccounts.slice(3).map(({ address, privateKey }) => ({ address, privateKey }))
    const deployed = await deployDevnetContracts(anvil.rpcUrl, { paymasterSigner, devAccounts })
    const alto = await altoStarting
    return {
      chainId: 31337,
      rpcUrl: anvil.rpcUrl,
      bundlerUrl: alto.bundlerUrl,
      ...deployed,
      paymasterOwner: { address: anvilAccounts[0].address, privateKey: anvilAccounts[0].privateKey },
      devAccounts,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
