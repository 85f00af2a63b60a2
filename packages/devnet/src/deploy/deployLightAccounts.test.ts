import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { LightAccountFactory } from '../artifacts/light/LightAccountFactory.js'
import { LightAccountV2 } from '../artifacts/light/LightAccountV2.js'
import { lightAccountAddresses } from '../light/lightAccountAddresses.js'
import { type StartTestChainReturnType, startTestChain } from '../test/startTestChain.js'
import { deployLightAccounts } from './deployLightAccounts.js'

describe('deployLightAccounts', () => {
  let chain: StartTestChainReturnType
  beforeAll(async () => {
    chain = await startTestChain()
  })
  afterAll(() => chain?.stop())

  test('default', async () => {
    await deployLightAccounts(chain.client)
    for (const { entryPoint, factory, implementation } of Object.values(lightAccountAddresses)) {
      const read = (address: typeof factory, functionName: 'ENTRY_POINT' | 'ACCOUNT_IMPLEMENTATION') =>
        chain.client.readContract({ address, abi: LightAccountFactory.abi, functionName })
      expect(await read(factory, 'ENTRY_POINT')).toBe(entryPoint)
      expect(await read(factory, 'ACCOUNT_IMPLEMENTATION')).toBe(implementation)
      const readAccount = (functionName: 'entryPoint' | 'proxiableUUID') =>
        chain.client.readContract({ address: implementation, abi: LightAccountV2.abi, functionName })
      expect(await readAccount('entryPoint')).toBe(entryPoint)
      // `proxiableUUID` only answers where `address(this)` equals the patched immutable: the canonical address.
      expect(await readAccount('proxiableUUID')).toBe(
        '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc',
      )
    }
  })

  test('behavior: placing twice leaves the contracts as they are', async () => {
    const { factory } = lightAccountAddresses.lightAccountV2
    const before = await chain.client.getCode({ address: factory })
    const blockBefore = await chain.client.getBlockNumber()
    await deployLightAccounts(chain.client)
    expect(await chain.client.getCode({ address: factory })).toBe(before)
    expect(await chain.client.getBlockNumber()).toBe(blockBefore)
  })

  test('error: the implementation cannot be initialised directly', async () => {
    const { implementation } = lightAccountAddresses.lightAccountV2
    await expect(
      chain.client.simulateContract({
        address: implementation,
        abi: LightAccountV2.abi,
        functionName: 'initialize',
        args: [chain.client.account.address],
      }),
    ).rejects.toThrow(/UnauthorizedCallContext/)
  })
})
