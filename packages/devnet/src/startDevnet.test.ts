import type { EntryPointVersion } from '@sigil/protocol'
import { type Address, type BaseError, createPublicClient, http, type PublicClient } from 'viem'
import { createBundlerClient, UserOperationExecutionError } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createDevnetClient } from './deploy/createDevnetClient.js'
import { paymasterArtifacts } from './deploy/paymasterArtifacts.js'
import { readArtifact } from './deploy/readArtifact.js'
import { type Devnet, startDevnet } from './startDevnet.js'
import { createTestPaymaster } from './test/createTestPaymaster.js'
import { simpleAccountPackages, toTestSimpleAccount } from './test/toTestSimpleAccount.js'

const versions = ['0.6', '0.7', '0.8'] as const
const paymasterSigner = privateKeyToAccount(generatePrivateKey())
const stranger = privateKeyToAccount(generatePrivateKey())
const target: Address = '0x000000000000000000000000000000000000dEaD'

async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: unknown }).result
}

describe('startDevnet', () => {
  let devnet: Devnet
  let client: PublicClient
  const factories = {} as Record<EntryPointVersion, Address>
  beforeAll(async () => {
    devnet = await startDevnet({ paymasterSigner: paymasterSigner.address })
    client = createPublicClient({ chain: anvil, transport: http(devnet.rpcUrl), pollingInterval: 20 })
    // eth-infinitism SimpleAccountFactory per version, deployed normally from a dev account.
    const deployer = createDevnetClient(devnet.rpcUrl)
    for (const version of versions) {
      const factory = readArtifact(simpleAccountPackages[version], 'SimpleAccountFactory')
      const hash = await deployer.deployContract({
        abi: factory.abi,
        bytecode: factory.bytecode,
        args: [devnet.entryPoints[version]],
      })
      factories[version] = (await deployer.waitForTransactionReceipt({ hash })).contractAddress as Address
    }
  })
  afterAll(() => devnet?.stop())

  /** A fresh SimpleAccount (new owner) sending one call through alto, sponsored by `signer` on the paymaster. */
  async function sponsoredOperation(version: EntryPointVersion, signer = paymasterSigner) {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await toTestSimpleAccount({
      client,
      owner,
      entryPointVersion: version,
      factory: factories[version],
    })
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
    const send = async () => {
      const hash = await bundler.sendUserOperation({ calls: [{ to: target, value: 0n, data: '0x' }] })
      return bundler.waitForUserOperationReceipt({ hash, timeout: 30_000 })
    }
    return { account, send }
  }

  test('default', async () => {
    expect(devnet.chainId).toBe(31337)
    expect(devnet.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(devnet.bundlerUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(await rpc(devnet.rpcUrl, 'eth_chainId')).toBe('0x7a69')
    expect(await rpc(devnet.bundlerUrl, 'eth_supportedEntryPoints')).toEqual(
      Object.values(devnet.entryPoints),
    )
    for (const version of versions) {
      const { abi } = paymasterArtifacts[version]
      const address = devnet.paymasters[version]
      expect(await client.readContract({ address, abi, functionName: 'signer' })).toBe(
        paymasterSigner.address,
      )
      expect(await client.readContract({ address, abi, functionName: 'getDeposit' })).toBe(100n * 10n ** 18n)
    }
    for (const factory of [
      devnet.accounts.light.lightAccountV2.factory,
      devnet.accounts.modular.modularAccountV2.factory,
    ])
      expect(await client.getCode({ address: factory })).toMatch(/^0x[0-9a-f]+$/)
    for (const { address } of devnet.devAccounts)
      expect(await client.getBalance({ address })).toBe(10_000n * 10n ** 18n)
  })

  for (const version of versions)
    test(`behavior: a sponsored first user operation on EntryPoint v${version} through alto; the account pays nothing`, async () => {
      const { account, send } = await sponsoredOperation(version)
      const depositBefore = (await client.readContract({
        address: devnet.paymasters[version],
        abi: paymasterArtifacts[version].abi,
        functionName: 'getDeposit',
      })) as bigint
      const receipt = await send()
      expect(receipt.success).toBe(true)
      expect(receipt.paymaster?.toLowerCase()).toBe(devnet.paymasters[version].toLowerCase())
      expect(await client.getCode({ address: account.address })).toMatch(/^0x[0-9a-f]+$/)
      expect(await client.getBalance({ address: account.address })).toBe(0n)
      const depositAfter = (await client.readContract({
        address: devnet.paymasters[version],
        abi: paymasterArtifacts[version].abi,
        functionName: 'getDeposit',
      })) as bigint
      expect(depositBefore - depositAfter).toBe(receipt.actualGasCost)
    })

  test('error: a paymaster signature from someone else is refused by the bundler', async () => {
    for (const version of versions) {
      // The same account and call go through with the right signer (above): only the paymaster's signature differs.
      const { account, send } = await sponsoredOperation(version, stranger)
      const error = await send().catch((error: unknown) => error)
      expect(error).toBeInstanceOf(UserOperationExecutionError)
      // alto says AA34 on one path and the generic signature error (-32507) on the other.
      expect((error as BaseError).details).toMatch(
        /^(UserOperation reverted with reason: AA34 signature error|Invalid UserOperation signature or paymaster signature)$/,
      )
      expect(await client.getCode({ address: account.address })).toBeUndefined()
    }
  })

  test('behavior: setPaymasterSigner hands sponsorship to another signer', async () => {
    await devnet.setPaymasterSigner(stranger.address)
    const { send } = await sponsoredOperation('0.7', stranger)
    expect((await send()).success).toBe(true)
    await devnet.setPaymasterSigner(paymasterSigner.address)
  })
})
