import { type Address, encodeFunctionData, getAddress, type Hex, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MultiOwnerModularAccount } from '../artifacts/modular/MultiOwnerModularAccount.js'
import { MultiOwnerModularAccountFactory } from '../artifacts/modular/MultiOwnerModularAccountFactory.js'
import { SemiModularAccountBytecode } from '../artifacts/modular/SemiModularAccountBytecode.js'
import { deployModularAccounts } from '../deploy/deployModularAccounts.js'
import { type StartTestChainReturnType, startTestChain } from '../test/startTestChain.js'
import { implementationSlot } from './accountTestConstants.js'
import { modularAccountAddresses } from './modularAccountAddresses.js'

const { entryPoint, factory } = modularAccountAddresses.multiOwnerModularAccount
const abi = MultiOwnerModularAccount.abi
const ownerA = privateKeyToAccount(generatePrivateKey())
const ownerB = privateKeyToAccount(generatePrivateKey())

describe('MultiOwnerModularAccount calls', () => {
  let chain: StartTestChainReturnType
  let account: Address
  beforeAll(async () => {
    chain = await startTestChain()
    await deployModularAccounts(chain.client)
    const factoryCall = {
      address: factory,
      abi: MultiOwnerModularAccountFactory.abi,
      functionName: 'createAccount',
      args: [0n, [ownerA.address]],
    } as const
    account = (await chain.client.simulateContract(factoryCall)).result
    const hash = await chain.client.writeContract(factoryCall)
    await chain.client.waitForTransactionReceipt({ hash })
    await chain.client.setBalance({ address: account, value: parseEther('1') })
    await chain.client.setBalance({ address: ownerA.address, value: parseEther('1') })
  })
  afterAll(() => chain?.stop())
  test('behavior: execute and executeBatch by the EntryPoint or an owner, not by a stranger', async () => {
    const { client } = chain
    const to = privateKeyToAccount(generatePrivateKey()).address
    const hash = await client.writeContract({
      address: account,
      abi,
      functionName: 'execute',
      args: [to, 5n, '0x'],
      account: ownerA,
    })
    await client.waitForTransactionReceipt({ hash })
    const batch = [
      { target: to, value: 1n, data: '0x' as Hex },
      { target: to, value: 2n, data: '0x' as Hex },
    ]
    await client.impersonateAccount({ address: entryPoint })
    await client.setBalance({ address: entryPoint, value: parseEther('1') })
    const batchHash = await client.writeContract({
      address: account,
      abi,
      functionName: 'executeBatch',
      args: [batch],
      account: entryPoint,
    })
    await client.waitForTransactionReceipt({ hash: batchHash })
    await client.stopImpersonatingAccount({ address: entryPoint })
    expect(await client.getBalance({ address: to })).toBe(8n)
    await expect(
      client.simulateContract({
        address: account,
        abi,
        functionName: 'execute',
        args: [to, 1n, '0x'],
        account: ownerB.address,
      }),
    ).rejects.toThrow('Unauthorized')
  })

  test('behavior: upgradeToAndCall moves the ERC-1967 slot (to the ModularAccountV2 SMA Storage implementation)', async () => {
    const { client } = chain
    const target = modularAccountAddresses.modularAccountV2.storageImplementation
    const initialize = encodeFunctionData({
      abi: SemiModularAccountBytecode.abi,
      functionName: 'initialize',
      args: [ownerA.address],
    })
    await expect(
      client.simulateContract({
        address: account,
        abi,
        functionName: 'upgradeToAndCall',
        args: [target, initialize],
        account: ownerB.address,
      }),
    ).rejects.toThrow('Unauthorized')
    const hash = await client.writeContract({
      address: account,
      abi,
      functionName: 'upgradeToAndCall',
      args: [target, initialize],
      account: ownerA,
    })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(
      getAddress(
        `0x${(await client.getStorageAt({ address: account, slot: implementationSlot }))?.slice(26)}`,
      ),
    ).toBe(target)
    expect(
      await client.readContract({
        address: account,
        abi: SemiModularAccountBytecode.abi,
        functionName: 'getFallbackSignerData',
      }),
    ).toEqual([ownerA.address, false])
  })
})
