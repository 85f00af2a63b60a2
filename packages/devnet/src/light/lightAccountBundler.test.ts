import { type Address, concat, createClient, encodeFunctionData, type Hex, http, parseEther } from 'viem'
import {
  bundlerActions,
  formatUserOperationRequest,
  getUserOperationHash,
  type UserOperation,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { LightAccountV2 } from '../artifacts/light/LightAccountV2.js'
import { MultiOwnerLightAccount } from '../artifacts/light/MultiOwnerLightAccount.js'
import { createDevnetClient, type DevnetClient } from '../deploy/createDevnetClient.js'
import { type Devnet, startDevnet } from '../startDevnet.js'
import {
  dummySignature,
  type LightAccountKind,
  lightAccountKinds,
  signUserOperationHash,
} from './lightAccountKinds.js'
import { getSenderAddress } from './lightAccountTestSupport.js'

// Through the alto bundler on the full devnet: each account type's first operation (deploying it through the
// factory) estimated with the SDK's dummy signature (validateUserOp answers 1, never reverts), then signed, sent
// and included; a second operation (a batch) on the deployed account; and an owner change through a self-call.
const createBundler = (url: string) =>
  createClient({ transport: http(url), pollingInterval: 20 }).extend(bundlerActions)

describe('LightAccounts through the bundler', () => {
  let devnet: Devnet
  let client: DevnetClient
  let bundler: ReturnType<typeof createBundler>
  beforeAll(async () => {
    devnet = await startDevnet()
    client = createDevnetClient(devnet.rpcUrl)
    bundler = createBundler(devnet.bundlerUrl)
  })
  afterAll(() => devnet?.stop())

  /**
   * Estimates with the dummy signature, signs with `owner`, sends and waits for the receipt. `callGasPercent`
   * scales alto's callGasLimit, which is the gas the call used: a call that makes a nested call (the account
   * calling itself) needs the 1/64 that call keeps back on top, so it gets a margin.
   */
  async function send(
    kind: LightAccountKind,
    unsigned: Record<string, unknown>,
    owner: ReturnType<typeof privateKeyToAccount>,
    callGasPercent = 100n,
  ) {
    const fees = await client.estimateFeesPerGas()
    const base = {
      callGasLimit: 0n,
      verificationGasLimit: 0n,
      preVerificationGas: 0n,
      ...unsigned,
      maxFeePerGas: fees.maxFeePerGas * 2n,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      signature: concat([kind.eoaPrefix, dummySignature]),
    } as UserOperation
    const estimate = (await bundler.request({
      method: 'eth_estimateUserOperationGas',
      params: [formatUserOperationRequest(base), kind.entryPoint],
    } as never)) as Record<string, Hex>
    const withGas = {
      ...base,
      callGasLimit: (BigInt(estimate.callGasLimit as Hex) * callGasPercent) / 100n,
      verificationGasLimit: BigInt(estimate.verificationGasLimit as Hex),
      preVerificationGas: BigInt(estimate.preVerificationGas as Hex),
    }
    const userOpHash = getUserOperationHash({
      userOperation: withGas,
      entryPointAddress: kind.entryPoint,
      entryPointVersion: kind.entryPointVersion,
      chainId: 31337,
    })
    const signed = { ...withGas, signature: await signUserOperationHash(kind, owner, userOpHash) }
    const hash = (await bundler.request({
      method: 'eth_sendUserOperation',
      params: [formatUserOperationRequest(signed), kind.entryPoint],
    } as never)) as Hex
    expect(hash).toBe(userOpHash)
    return bundler.waitForUserOperationReceipt({ hash, pollingInterval: 20, timeout: 20_000 })
  }

  test.each(lightAccountKinds)(
    'behavior: $name deploys with its first operation (estimated with the dummy signature), then sends a batch',
    async (kind) => {
      const owner = privateKeyToAccount(generatePrivateKey())
      const sender = await getSenderAddress(client, kind, [owner.address])
      await client.setBalance({ address: sender, value: parseEther('1') })
      const [first, second] = [1, 2].map(() => privateKeyToAccount(generatePrivateKey()).address) as [
        Address,
        Address,
      ]
      const factoryData = kind.factoryData([owner.address], 0n)
      const deployment =
        kind.entryPointVersion === '0.6'
          ? { initCode: concat([kind.factory, factoryData]), paymasterAndData: '0x' }
          : { factory: kind.factory, factoryData }
      const execute = encodeFunctionData({
        abi: LightAccountV2.abi,
        functionName: 'execute',
        args: [first, 21n, '0x'],
      })
      const firstReceipt = await send(kind, { sender, nonce: 0n, callData: execute, ...deployment }, owner)
      expect(firstReceipt.success).toBe(true)
      expect(await client.getBalance({ address: first })).toBe(21n)

      const batch = encodeFunctionData({
        abi: LightAccountV2.abi,
        functionName: 'executeBatch',
        args: [
          [first, second],
          [1n, 2n],
          ['0x', '0x'],
        ],
      })
      const noDeployment = kind.entryPointVersion === '0.6' ? { initCode: '0x', paymasterAndData: '0x' } : {}
      const secondReceipt = await send(kind, { sender, nonce: 1n, callData: batch, ...noDeployment }, owner)
      expect(secondReceipt.success).toBe(true)
      expect([
        await client.getBalance({ address: first }),
        await client.getBalance({ address: second }),
      ]).toEqual([22n, 2n])
    },
  )

  test.each(lightAccountKinds)(
    'behavior: $name changes its owners through a self-call (execute to itself), then the new owner signs',
    async (kind) => {
      const [owner, next] = [
        privateKeyToAccount(generatePrivateKey()),
        privateKeyToAccount(generatePrivateKey()),
      ]
      const sender = await getSenderAddress(client, kind, [owner.address])
      await client.setBalance({ address: sender, value: parseEther('1') })
      const change = kind.multiOwner
        ? encodeFunctionData({
            abi: MultiOwnerLightAccount.abi,
            functionName: 'updateOwners',
            args: [[next.address], [owner.address]],
          })
        : encodeFunctionData({
            abi: LightAccountV2.abi,
            functionName: 'transferOwnership',
            args: [next.address],
          })
      const callData = encodeFunctionData({
        abi: LightAccountV2.abi,
        functionName: 'execute',
        args: [sender, 0n, change],
      })
      const factoryData = kind.factoryData([owner.address], 0n)
      const deployment =
        kind.entryPointVersion === '0.6'
          ? { initCode: concat([kind.factory, factoryData]), paymasterAndData: '0x' }
          : { factory: kind.factory, factoryData }
      expect((await send(kind, { sender, nonce: 0n, callData, ...deployment }, owner, 110n)).success).toBe(
        true,
      )

      const target = privateKeyToAccount(generatePrivateKey()).address
      const transfer = encodeFunctionData({
        abi: LightAccountV2.abi,
        functionName: 'execute',
        args: [target, 5n, '0x'],
      })
      const noDeployment = kind.entryPointVersion === '0.6' ? { initCode: '0x', paymasterAndData: '0x' } : {}
      expect(
        (await send(kind, { sender, nonce: 1n, callData: transfer, ...noDeployment }, next)).success,
      ).toBe(true)
      expect(await client.getBalance({ address: target })).toBe(5n)
    },
  )
})
