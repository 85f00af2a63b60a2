import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  anvilAccounts,
  createDevnetClient,
  type DevnetClient,
  deployEntryPoints,
  deployLightAccounts,
  readArtifact,
  startAlto,
  startAnvil,
} from '@sigil/devnet'
import { type Address, createPublicClient, type Hex, http, type PublicClient, parseEther } from 'viem'
import { entryPoint06Address, entryPoint07Address, entryPoint08Address } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'

export type PaymasterTestChain = {
  rpcUrl: string
  bundlerUrl: string
  client: DevnetClient
  publicClient: PublicClient
  /** eth-infinitism's `SimpleAccountFactory` v0.8, deployed by the test (no canonical one to place). */
  simpleAccountFactory08: Address
  /** eth-infinitism's `Simple7702Account` (v0.8), an EIP-7702 delegate, deployed by the test. */
  simple7702Account08: Address
  /** A fresh key the operator funded with 10 ETH, as on a public chain, and the file it is in (mode 0600). */
  deployerKey: Hex
  deployer: Address
  keyFile: string
  /** The server's data directory (its vault holds the paymaster signer). */
  dataDir: string
  stop(): Promise<void>
}

/**
 * The `sigil-server paymaster` tests' external chain: a plain anvil with the official EntryPoints v0.6, v0.7 and
 * v0.8, the canonical LightAccount factories, a SimpleAccount v0.8 factory and Simple7702Account, one alto bundler serving the three
 * EntryPoints, no paymaster placed; a funded deployer key in a file and an empty data directory.
 *
 * @example
 * const chain = await startPaymasterTestChain()
 * await chain.stop()
 */
export async function startPaymasterTestChain(): Promise<PaymasterTestChain> {
  const node = await startAnvil()
  const stops: (() => Promise<void>)[] = [() => node.stop()]
  const stop = async () => {
    for (const each of stops.reverse()) await each()
  }
  try {
    const client = createDevnetClient(node.rpcUrl)
    const publicClient = createPublicClient({
      chain: anvil,
      transport: http(node.rpcUrl),
      pollingInterval: 50,
    })
    await deployEntryPoints(client)
    await deployLightAccounts(client)
    const deploy = async (name: string, args: unknown[]) => {
      const { abi, bytecode } = readArtifact('@account-abstraction/contracts', name)
      const hash = await client.deployContract({ abi, bytecode, args })
      const { contractAddress } = await client.waitForTransactionReceipt({ hash })
      if (!contractAddress) throw new Error(`${name} v0.8 was not deployed`)
      return contractAddress
    }
    const simpleAccountFactory08 = await deploy('SimpleAccountFactory', [entryPoint08Address])
    const simple7702Account08 = await deploy('Simple7702Account', [])
    const alto = await startAlto({
      rpcUrl: node.rpcUrl,
      entryPoints: [entryPoint06Address, entryPoint07Address, entryPoint08Address],
      executorPrivateKey: anvilAccounts[1].privateKey,
      utilityPrivateKey: anvilAccounts[2].privateKey,
    })
    stops.push(() => alto.stop())
    const deployerKey = generatePrivateKey()
    const deployer = privateKeyToAccount(deployerKey).address
    await client.setBalance({ address: deployer, value: parseEther('10') })
    const dataDir = await mkdtemp(join(tmpdir(), 'sigil-paymaster-'))
    stops.unshift(() => rm(dataDir, { recursive: true, force: true }))
    const keyFile = join(dataDir, 'deployer.key')
    await writeFile(keyFile, `${deployerKey}\n`, { mode: 0o600 })
    return {
      rpcUrl: node.rpcUrl,
      bundlerUrl: alto.bundlerUrl,
      client,
      publicClient,
      simpleAccountFactory08,
      simple7702Account08,
      deployerKey,
      deployer,
      keyFile,
      dataDir,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
