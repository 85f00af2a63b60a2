import {
  type Address,
  concat,
  encodeFunctionData,
  type Hex,
  parseEther,
  parseEventLogs,
  parseGwei,
} from 'viem'
import {
  entryPoint06Abi,
  entryPoint07Abi,
  getUserOperationHash,
  toPackedUserOperation,
  type UserOperation,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { LightAccountV2 } from '../artifacts/light/LightAccountV2.js'
import type { StartTestChainReturnType } from '../test/startTestChain.js'
import { type LightAccountKind, lightAccountKinds, signUserOperationHash } from './lightAccountKinds.js'
import { getSenderAddress, startLightTestChain } from './lightAccountTestSupport.js'

const abi = LightAccountV2.abi
const gas = {
  callGasLimit: 200_000n,
  verificationGasLimit: 600_000n,
  preVerificationGas: 60_000n,
  maxFeePerGas: parseGwei('3'),
  maxPriorityFeePerGas: parseGwei('1'),
}

/**
 * Signs and sends one user operation straight to `EntryPoint.handleOps` from dev account #0 (no bundler); returns
 * whether the EntryPoint reported it successful.
 */
async function handleOp(
  chain: StartTestChainReturnType,
  kind: LightAccountKind,
  parameters: {
    sender: Address
    nonce: bigint
    callData: Hex
    signer: ReturnType<typeof privateKeyToAccount>
    factoryData?: Hex
  },
): Promise<boolean> {
  const { sender, nonce, callData, signer, factoryData } = parameters
  const beneficiary = chain.client.account.address
  if (kind.entryPointVersion === '0.6') {
    const userOperation = {
      sender,
      nonce,
      initCode: factoryData ? concat([kind.factory, factoryData]) : '0x',
      callData,
      ...gas,
      paymasterAndData: '0x' as Hex,
      signature: '0x' as Hex,
    }
    const hash = getUserOperationHash({
      userOperation,
      entryPointAddress: kind.entryPoint,
      entryPointVersion: '0.6',
      chainId: 31337,
    })
    const onChain = await chain.client.readContract({
      address: kind.entryPoint,
      abi: entryPoint06Abi,
      functionName: 'getUserOpHash',
      args: [userOperation],
    })
    expect(onChain).toBe(hash)
    userOperation.signature = await signUserOperationHash(kind, signer, hash)
    const tx = await chain.client.writeContract({
      address: kind.entryPoint,
      abi: entryPoint06Abi,
      functionName: 'handleOps',
      args: [[userOperation], beneficiary],
    })
    const receipt = await chain.client.waitForTransactionReceipt({ hash: tx })
    const [event] = parseEventLogs({
      abi: entryPoint06Abi,
      logs: receipt.logs,
      eventName: 'UserOperationEvent',
    })
    return event?.args.userOpHash === hash && event.args.success
  }
  const userOperation: UserOperation<'0.7'> = {
    sender,
    nonce,
    ...(factoryData ? { factory: kind.factory, factoryData } : {}),
    callData,
    ...gas,
    signature: '0x',
  }
  const hash = getUserOperationHash({
    userOperation,
    entryPointAddress: kind.entryPoint,
    entryPointVersion: '0.7',
    chainId: 31337,
  })
  const packed = toPackedUserOperation(userOperation)
  const onChain = await chain.client.readContract({
    address: kind.entryPoint,
    abi: entryPoint07Abi,
    functionName: 'getUserOpHash',
    args: [packed],
  })
  expect(onChain).toBe(hash)
  packed.signature = await signUserOperationHash(kind, signer, hash)
  const tx = await chain.client.writeContract({
    address: kind.entryPoint,
    abi: entryPoint07Abi,
    functionName: 'handleOps',
    args: [[packed], beneficiary],
  })
  const receipt = await chain.client.waitForTransactionReceipt({ hash: tx })
  const [event] = parseEventLogs({
    abi: entryPoint07Abi,
    logs: receipt.logs,
    eventName: 'UserOperationEvent',
  })
  return event?.args.userOpHash === hash && event.args.success
}

describe.each(lightAccountKinds)('$name through EntryPoint.handleOps', (kind) => {
  let chain: StartTestChainReturnType
  const owner = privateKeyToAccount(generatePrivateKey())
  const secondOwner = privateKeyToAccount(generatePrivateKey())
  const recipients = [1, 2].map(() => privateKeyToAccount(generatePrivateKey()).address) as [Address, Address]
  beforeAll(async () => {
    chain = await startLightTestChain()
  })
  afterAll(() => chain?.stop())

  test('default', async () => {
    const owners = kind.multiOwner ? [owner.address, secondOwner.address] : [owner.address]
    const sender = await getSenderAddress(chain.client, kind, owners)
    await chain.client.setBalance({ address: sender, value: parseEther('1') })
    const [first, second] = recipients

    // The first operation deploys the account through the factory and sends 1 wei.
    const execute = encodeFunctionData({ abi, functionName: 'execute', args: [first, 1n, '0x'] })
    const factoryData = kind.factoryData(owners, 0n)
    expect(
      await handleOp(chain, kind, { sender, nonce: 0n, callData: execute, signer: owner, factoryData }),
    ).toBe(true)
    expect(await chain.client.getCode({ address: sender })).toMatch(/^0x[0-9a-f]+$/)
    expect(await chain.client.getBalance({ address: first })).toBe(1n)

    // The second is a batch, signed by the second owner where there is one.
    const batch = encodeFunctionData({
      abi,
      functionName: 'executeBatch',
      args: [
        [first, second],
        [2n, 3n],
        ['0x', '0x'],
      ],
    })
    const signer = kind.multiOwner ? secondOwner : owner
    expect(await handleOp(chain, kind, { sender, nonce: 1n, callData: batch, signer })).toBe(true)
    expect(await chain.client.getBalance({ address: first })).toBe(3n)
    expect(await chain.client.getBalance({ address: second })).toBe(3n)
  })

  test("error: a stranger's signature fails validation (AA24)", async () => {
    const sender = await getSenderAddress(chain.client, kind, [owner.address], 5n)
    await chain.client.setBalance({ address: sender, value: parseEther('1') })
    const execute = encodeFunctionData({ abi, functionName: 'execute', args: [recipients[0], 1n, '0x'] })
    await expect(
      handleOp(chain, kind, {
        sender,
        nonce: 0n,
        callData: execute,
        signer: privateKeyToAccount(generatePrivateKey()),
        factoryData: kind.factoryData([owner.address], 5n),
      }),
    ).rejects.toThrow(/AA24 signature error/)
  })
})
