import { concat, createClient, encodeFunctionData, type Hex, http, parseEther } from 'viem'
import {
  bundlerActions,
  formatUserOperationRequest,
  getUserOperationHash,
  type UserOperation,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ModularAccountV2Factory } from '../artifacts/modular/ModularAccountV2Factory.js'
import { MultiOwnerModularAccount } from '../artifacts/modular/MultiOwnerModularAccount.js'
import { MultiOwnerModularAccountFactory } from '../artifacts/modular/MultiOwnerModularAccountFactory.js'
import { createDevnetClient, type DevnetClient } from '../deploy/createDevnetClient.js'
import { type Devnet, startDevnet } from '../startDevnet.js'
import { dummySignature } from './accountTestConstants.js'
import { getSenderAddress } from './getSenderAddress.js'
import { modularAccountAddresses } from './modularAccountAddresses.js'

// Through the alto bundler: gas estimation with the SDK's dummy signatures (validateUserOp answers 1, never
// reverts) and a sent operation per type, self-funded. The 7702 case carries the EOA's authorization in the user
// operation (`eip7702Auth`) on EntryPoint v0.7, as the SDK's 7702 mode does; alto 0.0.20 accepts it.
type AnyUserOperation = UserOperation<'0.6'> | UserOperation<'0.7'>
const unestimated = {
  callGasLimit: 0n,
  verificationGasLimit: 0n,
  preVerificationGas: 0n,
  maxFeePerGas: 0n,
  maxPriorityFeePerGas: 0n,
  signature: '0x',
} as const

describe('modular accounts through the bundler', () => {
  let devnet: Devnet
  let client: DevnetClient
  let bundler: ReturnType<typeof createBundler>
  const createBundler = (url: string) =>
    createClient({ transport: http(url), pollingInterval: 20 }).extend(bundlerActions)
  beforeAll(async () => {
    devnet = await startDevnet()
    client = createDevnetClient(devnet.rpcUrl)
    bundler = createBundler(devnet.bundlerUrl)
  })
  afterAll(() => devnet?.stop())

  /** Estimates with `dummy`, signs the hash with `sign`, sends, and waits for the receipt. */
  async function send(
    version: '0.6' | '0.7',
    unsigned: AnyUserOperation,
    dummy: Hex,
    sign: (hash: Hex) => Promise<Hex>,
  ) {
    const entryPoint = devnet.entryPoints[version]
    const fees = await client.estimateFeesPerGas()
    const base = {
      ...unsigned,
      maxFeePerGas: fees.maxFeePerGas * 2n,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      signature: dummy,
    }
    const request = (userOp: AnyUserOperation) => formatUserOperationRequest(userOp as UserOperation)
    const estimate = (await bundler.request({
      method: 'eth_estimateUserOperationGas',
      params: [request(base), entryPoint],
    } as never)) as Record<string, Hex>
    const withGas = {
      ...base,
      callGasLimit: BigInt(estimate.callGasLimit as Hex),
      verificationGasLimit: BigInt(estimate.verificationGasLimit as Hex),
      preVerificationGas: BigInt(estimate.preVerificationGas as Hex),
    } as AnyUserOperation
    const userOpHash = getUserOperationHash({
      userOperation: withGas as UserOperation<'0.7'>,
      entryPointAddress: entryPoint,
      entryPointVersion: version as '0.7',
      chainId: 31337,
    })
    const signed = { ...withGas, signature: await sign(userOpHash) }
    const hash = (await bundler.request({
      method: 'eth_sendUserOperation',
      params: [request(signed), entryPoint],
    } as never)) as Hex
    expect(hash).toBe(userOpHash)
    return bundler.waitForUserOperationReceipt({ hash, pollingInterval: 20, timeout: 20_000 })
  }
  const transfer = (value: bigint) => {
    const to = privateKeyToAccount(generatePrivateKey()).address
    return {
      to,
      callData: encodeFunctionData({
        abi: MultiOwnerModularAccount.abi,
        functionName: 'execute',
        args: [to, value, '0x'],
      }),
    }
  }

  test('behavior: MultiOwnerModularAccount (v0.6) first operation, estimated with the dummy signature', async () => {
    const { factory, entryPoint } = modularAccountAddresses.multiOwnerModularAccount
    const owner = privateKeyToAccount(generatePrivateKey())
    const initCode = concat([
      factory,
      encodeFunctionData({
        abi: MultiOwnerModularAccountFactory.abi,
        functionName: 'createAccount',
        args: [0n, [owner.address]],
      }),
    ])
    const sender = await getSenderAddress(client, { entryPoint, initCode })
    await client.setBalance({ address: sender, value: parseEther('1') })
    const { to, callData } = transfer(11n)
    const unsigned = {
      sender,
      nonce: 0n,
      initCode,
      callData,
      paymasterAndData: '0x',
      ...unestimated,
    } satisfies UserOperation<'0.6'>
    const receipt = await send('0.6', unsigned, dummySignature, (hash) =>
      owner.signMessage({ message: { raw: hash } }),
    )
    expect(receipt.success).toBe(true)
    expect(await client.getBalance({ address: to })).toBe(11n)
  })

  test('behavior: ModularAccountV2 (v0.7) first operation, estimated with 0xFF00 ‖ dummy', async () => {
    const { factory, entryPoint } = modularAccountAddresses.modularAccountV2
    const owner = privateKeyToAccount(generatePrivateKey())
    const factoryData = encodeFunctionData({
      abi: ModularAccountV2Factory.abi,
      functionName: 'createSemiModularAccount',
      args: [owner.address, 0n],
    })
    const sender = await getSenderAddress(client, { entryPoint, initCode: concat([factory, factoryData]) })
    await client.setBalance({ address: sender, value: parseEther('1') })
    const { to, callData } = transfer(12n)
    const unsigned = {
      sender,
      nonce: 1n << 64n,
      factory,
      factoryData,
      callData,
      ...unestimated,
    } satisfies UserOperation<'0.7'>
    const receipt = await send('0.7', unsigned, concat(['0xff00', dummySignature]), async (hash) =>
      concat(['0xff00', await owner.signMessage({ message: { raw: hash } })]),
    )
    expect(receipt.success).toBe(true)
    expect(await client.getBalance({ address: to })).toBe(12n)
  })

  test('behavior: an EOA delegates to the 7702 implementation through eip7702Auth in a v0.7 user operation', async () => {
    const { implementation } = modularAccountAddresses.modularAccountV2In7702
    const eoa = privateKeyToAccount(generatePrivateKey())
    await client.setBalance({ address: eoa.address, value: parseEther('1') })
    const authorization = await eoa.signAuthorization({
      contractAddress: implementation,
      chainId: 31337,
      nonce: 0,
    })
    const { to, callData } = transfer(13n)
    const unsigned = {
      sender: eoa.address,
      nonce: 1n << 64n,
      callData,
      authorization,
      ...unestimated,
    } satisfies UserOperation<'0.7'>
    const receipt = await send('0.7', unsigned, concat(['0xff00', dummySignature]), async (hash) =>
      concat(['0xff00', await eoa.signMessage({ message: { raw: hash } })]),
    )
    expect(receipt.success).toBe(true)
    expect(await client.getBalance({ address: to })).toBe(13n)
    expect(await client.getCode({ address: eoa.address })).toBe(
      concat(['0xef0100', implementation.toLowerCase() as Hex]),
    )
  })
})
