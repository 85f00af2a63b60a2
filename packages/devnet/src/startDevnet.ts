import { type Address, type Hex, parseEther } from 'viem'
import { entryPoint06Address, entryPoint07Address, entryPoint08Address } from 'viem/account-abstraction'
import { startAnvil } from './anvil/startAnvil.js'
import { startAlto } from './bundler/startAlto.js'
import { anvilAccounts } from './deploy/anvilAccounts.js'
import { createDevnetClient } from './deploy/createDevnetClient.js'
import { deployEntryPoints, type EntryPoints } from './deploy/deployEntryPoints.js'
import { deployLightAccounts } from './deploy/deployLightAccounts.js'
import { deployModularAccounts } from './deploy/deployModularAccounts.js'
import { deployPaymasters, type Paymasters } from './deploy/deployPaymasters.js'
import { setPaymasterSigners } from './deploy/setPaymasterSigners.js'
import { lightAccountAddresses } from './light/lightAccountAddresses.js'
import { modularAccountAddresses } from './modular/modularAccountAddresses.js'
import { assertPortFree } from './process/assertPortFree.js'

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
  accounts: { light: typeof lightAccountAddresses; modular: typeof modularAccountAddresses }
  /** Makes `signer` the paymasters' signer (the gateway's vault key, say). */
  setPaymasterSigner(signer: Address): Promise<void>
  /** Funded accounts for developers (anvil #3–#9; #1 and #2 belong to the bundler). */
  devAccounts: DevAccount[]
  stop(): Promise<void>
}

/**
 * Starts Sigil's local chain stack: anvil (Prague, chain id 31337), EntryPoint v0.6/v0.7/v0.8 and Sigil's
 * account stand-ins at their canonical addresses, Sigil's verifying paymasters (100 ETH deposited each), and the
 * alto bundler. Ready in about 3 s.
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
    const client = createDevnetClient(anvil.rpcUrl)
    // alto spends about 2 s (much more on a busy machine) loading its modules before it touches the node, so it
    // starts first and everything is deployed meanwhile, from account #0 (alto sends from #1 and #2, so the
    // nonces never collide). It answers `eth_supportedEntryPoints` only after its own set-up transactions.
    const altoStarting = startAlto({
      rpcUrl: anvil.rpcUrl,
      entryPoints: [entryPoint06Address, entryPoint07Address, entryPoint08Address],
      executorPrivateKey: anvilAccounts[1].privateKey,
      utilityPrivateKey: anvilAccounts[2].privateKey,
      port: bundlerPort,
      onOutput: log === true ? (text) => process.stderr.write(text) : log || undefined,
    })
    altoStarting.catch(() => undefined) // handled below (awaited) or by stop()
    stops.push(async () => (await altoStarting.catch(() => undefined))?.stop())
    const entryPoints = await deployEntryPoints(client)
    await deployLightAccounts(client)
    await deployModularAccounts(client)
    const paymasters = await deployPaymasters(client, { entryPoints, signer: paymasterSigner })
    const devAccounts = anvilAccounts.slice(3).map(({ address, privateKey }) => ({ address, privateKey }))
    for (const { address } of devAccounts) await client.setBalance({ address, value: parseEther('10000') })
    const alto = await altoStarting
    return {
      chainId: 31337,
      rpcUrl: anvil.rpcUrl,
      bundlerUrl: alto.bundlerUrl,
      entryPoints,
      paymasters,
      paymasterOwner: { address: anvilAccounts[0].address, privateKey: anvilAccounts[0].privateKey },
      accounts: { light: lightAccountAddresses, modular: modularAccountAddresses },
      setPaymasterSigner: (signer) => setPaymasterSigners(client, paymasters, signer),
      devAccounts,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
