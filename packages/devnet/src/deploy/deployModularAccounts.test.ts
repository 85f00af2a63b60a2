import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ModularAccountV2Factory } from '../artifacts/modular/ModularAccountV2Factory.js'
import { MultiOwnerModularAccountFactory } from '../artifacts/modular/MultiOwnerModularAccountFactory.js'
import { SemiModularAccount7702 } from '../artifacts/modular/SemiModularAccount7702.js'
import { SemiModularAccountBytecode } from '../artifacts/modular/SemiModularAccountBytecode.js'
import { modularAccountAddresses } from '../modular/modularAccountAddresses.js'
import { type StartTestChainReturnType, startTestChain } from '../test/startTestChain.js'
import { deployModularAccounts } from './deployModularAccounts.js'

const implementationSlot = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc'

describe('deployModularAccounts', () => {
  let chain: StartTestChainReturnType
  beforeAll(async () => {
    chain = await startTestChain()
    await deployModularAccounts(chain.client)
  })
  afterAll(() => chain?.stop())

  test('default', async () => {
    const { client } = chain
    const v1 = modularAccountAddresses.multiOwnerModularAccount
    const v2 = modularAccountAddresses.modularAccountV2
    const v2In7702 = modularAccountAddresses.modularAccountV2In7702
    for (const address of [
      v1.factory,
      v1.multiOwnerPlugin,
      v1.implementation,
      v2.factory,
      v2.implementation,
      v2.storageImplementation,
      v2.accountImplementation,
      v2.singleSignerValidationModule,
      v2In7702.implementation,
    ]) {
      expect((await client.getCode({ address }))?.length).toBeGreaterThan(2)
    }
    const read = { abi: MultiOwnerModularAccountFactory.abi, address: v1.factory } as const
    expect(await client.readContract({ ...read, functionName: 'IMPL' })).toBe(v1.implementation)
    expect(await client.readContract({ ...read, functionName: 'MULTI_OWNER_PLUGIN' })).toBe(
      v1.multiOwnerPlugin,
    )
    expect(
      await client.readContract({
        abi: ModularAccountV2Factory.abi,
        address: v2.factory,
        functionName: 'SEMI_MODULAR_ACCOUNT_IMPL',
      }),
    ).toBe(v2.implementation)
    expect(
      await client.readContract({
        abi: ModularAccountV2Factory.abi,
        address: v2.factory,
        functionName: 'ACCOUNT_IMPL',
      }),
    ).toBe(v2.accountImplementation)
    // address(this) immutables were patched: the implementations answer proxiableUUID where they stand.
    for (const address of [v2.implementation, v2.accountImplementation, v2.storageImplementation]) {
      const abi = SemiModularAccountBytecode.abi
      expect(await client.readContract({ abi, address, functionName: 'proxiableUUID' })).toBe(
        implementationSlot,
      )
      expect(await client.readContract({ abi, address, functionName: 'entryPoint' })).toBe(v2.entryPoint)
    }
    expect(
      await client.readContract({
        abi: SemiModularAccount7702.abi,
        address: v2In7702.implementation,
        functionName: 'entryPoint',
      }),
    ).toBe(v2In7702.entryPoint)
  })
})
