import { type Address, getAddress, type Hex, zeroAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { LightAccountFactory } from '../artifacts/light/LightAccountFactory.js'
import { LightAccountV2 } from '../artifacts/light/LightAccountV2.js'
import { MultiOwnerLightAccount } from '../artifacts/light/MultiOwnerLightAccount.js'
import { MultiOwnerLightAccountFactory } from '../artifacts/light/MultiOwnerLightAccountFactory.js'
import type { StartTestChainReturnType } from '../test/startTestChain.js'
import { type LightAccountKind, lightAccountKinds, sortOwners } from './lightAccountKinds.js'
import { createLightAccount, getSenderAddress, startLightTestChain } from './lightAccountTestSupport.js'

const implementationSlot = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc'
const [, , multiOwnerLightAccount] = lightAccountKinds

/** The factory's own `getAddress` for the owners and salt. */
function factoryGetAddress(
  chain: StartTestChainReturnType,
  kind: LightAccountKind,
  owners: Address[],
  salt: bigint,
) {
  if (kind.multiOwner)
    return chain.client.readContract({
      address: kind.factory,
      abi: MultiOwnerLightAccountFactory.abi,
      functionName: 'getAddress',
      args: [sortOwners(owners), salt],
    })
  return chain.client.readContract({
    address: kind.factory,
    abi: LightAccountFactory.abi,
    functionName: 'getAddress',
    args: [owners[0] as Address, salt],
  })
}

/** The owners the account reports: `owner()` or `owners()`. */
async function ownersOf(chain: StartTestChainReturnType, kind: LightAccountKind, account: Address) {
  if (kind.multiOwner)
    return chain.client.readContract({
      address: account,
      abi: MultiOwnerLightAccount.abi,
      functionName: 'owners',
    })
  return [
    await chain.client.readContract({ address: account, abi: LightAccountV2.abi, functionName: 'owner' }),
  ]
}

describe.each(lightAccountKinds)('$name factory', (kind) => {
  let chain: StartTestChainReturnType
  const owner = privateKeyToAccount(generatePrivateKey()).address
  beforeAll(async () => {
    chain = await startLightTestChain()
  })
  afterAll(() => chain?.stop())

  test('default', async () => {
    const counterfactual = await getSenderAddress(chain.client, kind, [owner], 0n)
    expect(await factoryGetAddress(chain, kind, [owner], 0n)).toBe(counterfactual)
    expect(await chain.client.getCode({ address: counterfactual })).toBeUndefined()
    expect(await createLightAccount(chain.client, kind, [owner], 0n)).toBe(counterfactual)
    expect(await chain.client.getCode({ address: counterfactual })).toMatch(/^0x[0-9a-f]+$/)
    const slot = await chain.client.getStorageAt({ address: counterfactual, slot: implementationSlot })
    expect(getAddress(`0x${slot?.slice(26)}`)).toBe(kind.implementation)
    expect(await ownersOf(chain, kind, counterfactual)).toEqual([owner])
    const entryPoint = await chain.client.readContract({
      address: counterfactual,
      abi: LightAccountV2.abi,
      functionName: 'entryPoint',
    })
    expect(entryPoint).toBe(kind.entryPoint)
  })

  test('behavior: createAccount of an existing account returns it and changes nothing', async () => {
    const account = await createLightAccount(chain.client, kind, [owner], 1n)
    const code = await chain.client.getCode({ address: account })
    const request = { to: kind.factory, data: kind.factoryData([owner], 1n) } as const
    const { data } = await chain.client.call(request)
    expect(data?.slice(-40)).toBe(account.slice(2).toLowerCase())
    const hash = await chain.client.sendTransaction(request)
    expect((await chain.client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await chain.client.getCode({ address: account })).toBe(code)
    expect(await ownersOf(chain, kind, account)).toEqual([owner])
  })

  test('behavior: the salt and the owner choose the address', async () => {
    const other = privateKeyToAccount(generatePrivateKey()).address
    const addresses = new Set([
      await getSenderAddress(chain.client, kind, [owner], 0n),
      await getSenderAddress(chain.client, kind, [owner], 2n),
      await getSenderAddress(chain.client, kind, [other], 0n),
    ])
    expect(addresses.size).toBe(3)
  })

  test('error: a proxy is initialised once, the implementation never', async () => {
    const account = await createLightAccount(chain.client, kind, [owner], 3n)
    const initialize = (address: Address) =>
      kind.multiOwner
        ? chain.client.simulateContract({
            address,
            abi: MultiOwnerLightAccount.abi,
            functionName: 'initialize',
            args: [[owner]],
          })
        : chain.client.simulateContract({
            address,
            abi: LightAccountV2.abi,
            functionName: 'initialize',
            args: [owner],
          })
    await expect(initialize(account)).rejects.toThrow(/InvalidInitialization/)
    await expect(initialize(kind.implementation)).rejects.toThrow(/UnauthorizedCallContext/)
  })
})

describe('LightAccountFactory', () => {
  let chain: StartTestChainReturnType
  beforeAll(async () => {
    chain = await startLightTestChain()
  })
  afterAll(() => chain?.stop())

  test('error: the zero owner is refused', async () => {
    for (const kind of lightAccountKinds.filter((kind) => !kind.multiOwner))
      await expect(
        chain.client.simulateContract({
          address: kind.factory,
          abi: LightAccountFactory.abi,
          functionName: 'createAccount',
          args: [zeroAddress, 0n],
        }),
      ).rejects.toThrow(/InvalidOwner/)
  })
})

describe('MultiOwnerLightAccountFactory', () => {
  let chain: StartTestChainReturnType
  const owners = [1, 2, 3].map(() => privateKeyToAccount(generatePrivateKey()).address)
  beforeAll(async () => {
    chain = await startLightTestChain()
  })
  afterAll(() => chain?.stop())

  const createAccount = (list: readonly Address[]) =>
    chain.client.simulateContract({
      address: multiOwnerLightAccount.factory,
      abi: MultiOwnerLightAccountFactory.abi,
      functionName: 'createAccount',
      args: [list, 0n],
    })

  test('default', async () => {
    const sorted = sortOwners(owners)
    const account = await createLightAccount(chain.client, multiOwnerLightAccount, [...owners].reverse())
    expect(account).toBe(await getSenderAddress(chain.client, multiOwnerLightAccount, owners))
    const reported = await ownersOf(chain, multiOwnerLightAccount, account)
    expect([...reported].map((owner) => owner.toLowerCase()).sort()).toEqual([...sorted].sort())
  })

  test('behavior: createAccountSingle(owner) is createAccount([owner])', async () => {
    const owner = owners[0] as Address
    const { result } = await chain.client.simulateContract({
      address: multiOwnerLightAccount.factory,
      abi: MultiOwnerLightAccountFactory.abi,
      functionName: 'createAccountSingle',
      args: [owner, 0n],
    })
    expect(result).toBe(await getSenderAddress(chain.client, multiOwnerLightAccount, [owner]))
  })

  test('error: owners must be ascending, unique, non-zero and not empty', async () => {
    const sorted = sortOwners(owners)
    const descending = [...sorted].reverse()
    const duplicated = [sorted[0], sorted[0]] as Hex[]
    for (const list of [descending, duplicated, [zeroAddress, ...sorted]])
      await expect(createAccount(list)).rejects.toThrow(/InvalidOwners/)
    await expect(createAccount([])).rejects.toThrow(/OwnersArrayEmpty/)
  })
})
