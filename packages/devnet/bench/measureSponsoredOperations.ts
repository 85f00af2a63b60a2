import type { EntryPointVersion } from '@sigil/protocol'
import { type Address, createPublicClient, http } from 'viem'
import { createBundlerClient } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'
import { createDevnetClient } from '../src/deploy/createDevnetClient.js'
import { readArtifact } from '../src/deploy/readArtifact.js'
import type { Devnet } from '../src/startDevnet.js'
import { createTestPaymaster } from '../src/test/createTestPaymaster.js'
import { simpleAccountPackages, toTestSimpleAccount } from '../src/test/toTestSimpleAccount.js'

export type SponsoredOperationTimings = { firstOperation: number[]; nextOperation: number[] }

/**
 * Send-to-receipt time of sponsored user operations through alto with an eth-infinitism SimpleAccount (the
 * baseline every Sigil account type is compared with): `accounts` fresh accounts, each sending its first
 * operation (which deploys it) and a second one.
 */
export async function measureSponsoredOperations(
  devnet: Devnet,
  version: EntryPointVersion,
  accounts: number,
): Promise<SponsoredOperationTimings> {
  const client = createPublicClient({ chain: anvil, transport: http(devnet.rpcUrl), pollingInterval: 20 })
  const deployer = createDevnetClient(devnet.rpcUrl)
  const artifact = readArtifact(simpleAccountPackages[version], 'SimpleAccountFactory')
  const hash = await deployer.deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    args: [devnet.entryPoints[version]],
  })
  const factory = (await deployer.waitForTransactionReceipt({ hash })).contractAddress as Address
  const signer = privateKeyToAccount(generatePrivateKey())
  await devnet.setPaymasterSigner(signer.address)
  const timings: SponsoredOperationTimings = { firstOperation: [], nextOperation: [] }
  for (let index = 0; index < accounts; index++) {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await toTestSimpleAccount({ client, owner, entryPointVersion: version, factory })
    const bundler = createBundlerClient({
      account,
      client,
      transport: http(devnet.bundlerUrl),
      pollingInterval: 20,
      paymaster: createTestPaymaster({
        entryPointVersion: version,
        paymaster: devnet.paymasters[version],
        signer,
      }),
      userOperation: {
        async estimateFeesPerGas() {
          const fees = await client.estimateFeesPerGas()
          return {
            maxFeePerGas: fees.maxFeePerGas * 2n,
            maxPriorityFeePerGas: fees.maxPriorityFeePerGas * 2n,
          }
        },
      },
    })
    for (const list of [timings.firstOperation, timings.nextOperation]) {
      const started = performance.now()
      const hash = await bundler.sendUserOperation({ calls: [{ to: owner.address, value: 0n, data: '0x' }] })
      const receipt = await bundler.waitForUserOperationReceipt({ hash })
      if (!receipt.success) throw new Error(`v${version} user operation ${hash} failed`)
      list.push(performance.now() - started)
    }
  }
  return timings
}
