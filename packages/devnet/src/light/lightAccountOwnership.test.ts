import { type Address, encodeFunctionData, getAddress, type Hex, zeroAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { LightAccountV1 } from '../artifacts/light/LightAccountV1.js'
import { LightAccountV2 } from '../artifacts/light/LightAccountV2.js'
import { MultiOwnerLightAccount } from '../artifacts/light/MultiOwnerLightAccount.js'
import type { StartTestChainReturnType } from '../test/startTestChain.js'
import { type LightAccountKind, lightAccountKinds, signUserOperationHash } from './lightAccountKinds.js'
import {
  buildUserOperation,
  createLightAccount,
  getUserOpHash,
  sendAs,
  startLightTestChain,
  validateUserOpAsEntryPoint,
} from './lightAccountTestSupport.js'

const implementationSlot = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc'
const singleOwnerKinds = lightAccountKinds.filter((kind) => !kind.multiOwner)
const [lightAccountV1, , multiOwnerLightAccount] = lightAccountKinds
const newKey = () => privateKeyToAccount(generatePrivateKey())

/** Whether `signer`'s user-operation signature validates for `account` (0) or not (1). */
async function validatesFor(
  chain: StartTestChainReturnType,
  kind: LightAccountKind,
  account: Address,
  signer = newKey(),
) {
  const op = buildUserOperation(kind, account)
  const userOpHash = await getUserOpHash(chain.client, kind, op)
  const signature = await signUserOperationHash(kind, signer, userOpHash)
  return validateUserOpAsEntryPoint(chain.client, kind, op, { signature, userOpHash })
}

describe.each(singleOwnerKinds)('$name transferOwnership', (kind) => {
  let chain: StartTestChainReturnType
  const owner = newKey()
  let account: Address
  beforeAll(async () => {
    chain = await startLightTestChain()
    account = await createLightAccount(chain.client, kind, [owner.address])
  })
  afterAll(() => chain?.stop())

  const owner_ = () =>
    chain.client.readContract({ address: account, abi: LightAccountV2.abi, functionName: 'owner' })
  const transfer = (to: Address) =>
    encodeFunctionData({ abi: LightAccountV2.abi, functionName: 'transferOwnership', args: [to] })

  test('default', async () => {
    const next = newKey()
    await sendAs(chain.client, owner.address, { to: account, data: transfer(next.address) })
    expect(await owner_()).toBe(next.address)
    expect(await validatesFor(chain, kind, account, owner)).toBe(1n)
    expect(await validatesFor(chain, kind, account, next)).toBe(0n)
    // Through a user operation (the EntryPoint calls it), back to the first owner.
    await sendAs(chain.client, kind.entryPoint, { to: account, data: transfer(owner.address) })
    expect(await owner_()).toBe(owner.address)
  })

  test('error: a stranger, the zero address or the account itself', async () => {
    const simulate = (from: Address, to: Address) =>
      chain.client.simulateContract({
        account: from,
        address: account,
        abi: LightAccountV2.abi,
        functionName: 'transferOwnership',
        args: [to],
      })
    await expect(simulate(newKey().address, newKey().address)).rejects.toThrow(/NotAuthorized/)
    await expect(simulate(owner.address, zeroAddress)).rejects.toThrow(/InvalidOwner/)
    await expect(simulate(owner.address, account)).rejects.toThrow(/InvalidOwner/)
  })
})

describe('MultiOwnerLightAccount v2.0.0 updateOwners', () => {
  let chain: StartTestChainReturnType
  const [first, second, third] = [newKey(), newKey(), newKey()]
  let account: Address
  beforeAll(async () => {
    chain = await startLightTestChain()
    account = await createLightAccount(chain.client, multiOwnerLightAccount, [first.address, second.address])
  })
  afterAll(() => chain?.stop())

  const abi = MultiOwnerLightAccount.abi
  const owners = async () =>
    [...(await chain.client.readContract({ address: account, abi, functionName: 'owners' }))].sort()
  const update = (add: Address[], remove: Address[]) =>
    encodeFunctionData({ abi, functionName: 'updateOwners', args: [add, remove] })

  test('default', async () => {
    const data = update([third.address], [first.address])
    expect(data.slice(0, 10)).toBe('0x39562247')
    await sendAs(chain.client, second.address, { to: account, data })
    expect(await owners()).toEqual([second.address, third.address].sort())
    expect(await validatesFor(chain, multiOwnerLightAccount, account, first)).toBe(1n)
    expect(await validatesFor(chain, multiOwnerLightAccount, account, third)).toBe(0n)
    await sendAs(chain.client, multiOwnerLightAccount.entryPoint, {
      to: account,
      data: update([first.address], []),
    })
    expect(await owners()).toEqual([first.address, second.address, third.address].sort())
  })

  test('error: strangers, unknown or duplicate owners, and removing every owner', async () => {
    const simulate = (from: Address, add: Address[], remove: Address[]) =>
      chain.client.simulateContract({
        account: from,
        address: account,
        abi,
        functionName: 'updateOwners',
        args: [add, remove],
      })
    const current = await owners()
    await expect(simulate(newKey().address, [newKey().address], [])).rejects.toThrow(/NotAuthorized/)
    await expect(simulate(second.address, [], [newKey().address])).rejects.toThrow(/OwnerDoesNotExist/)
    await expect(simulate(second.address, [second.address], [])).rejects.toThrow(/InvalidOwner/)
    await expect(simulate(second.address, [zeroAddress], [])).rejects.toThrow(/InvalidOwner/)
    await expect(simulate(second.address, [account], [])).rejects.toThrow(/InvalidOwner/)
    await expect(simulate(second.address, [], current)).rejects.toThrow(/EmptyOwnersNotAllowed/)
  })
})

describe.each(lightAccountKinds)('$name upgradeToAndCall', (kind) => {
  let chain: StartTestChainReturnType
  const owner = newKey()
  let account: Address
  let nextImplementation: Address
  beforeAll(async () => {
    chain = await startLightTestChain()
    account = await createLightAccount(chain.client, kind, [owner.address])
    const artifact = kind.multiOwner
      ? MultiOwnerLightAccount
      : kind === lightAccountV1
        ? LightAccountV1
        : LightAccountV2
    const hash = await chain.client.deployContract({
      abi: artifact.abi,
      bytecode: artifact.bytecode,
      args: [kind.entryPoint],
    })
    const { contractAddress } = await chain.client.waitForTransactionReceipt({ hash })
    nextImplementation = getAddress(contractAddress as Address)
  })
  afterAll(() => chain?.stop())

  const implementation = async () => {
    const slot = await chain.client.getStorageAt({ address: account, slot: implementationSlot })
    return getAddress(`0x${slot?.slice(26)}`)
  }
  const upgrade = (to: Address, data: Hex = '0x') =>
    encodeFunctionData({ abi: LightAccountV2.abi, functionName: 'upgradeToAndCall', args: [to, data] })

  test('default', async () => {
    expect(await implementation()).toBe(kind.implementation)
    await sendAs(chain.client, owner.address, { to: account, data: upgrade(nextImplementation) })
    expect(await implementation()).toBe(nextImplementation)
    expect(await validatesFor(chain, kind, account, owner)).toBe(0n)
    // Back through a user operation (the EntryPoint calls it).
    await sendAs(chain.client, kind.entryPoint, { to: account, data: upgrade(kind.implementation) })
    expect(await implementation()).toBe(kind.implementation)
  })

  test('error: only the owner (or the EntryPoint), and only to a UUPS implementation', async () => {
    const simulate = (from: Address, to: Address) =>
      chain.client.simulateContract({
        account: from,
        address: account,
        abi: LightAccountV2.abi,
        functionName: 'upgradeToAndCall',
        args: [to, '0x'],
      })
    await expect(simulate(newKey().address, nextImplementation)).rejects.toThrow(/NotAuthorized/)
    await expect(simulate(owner.address, kind.factory)).rejects.toThrow(/UpgradeFailed/)
    expect(await implementation()).toBe(kind.implementation)
  })
})
