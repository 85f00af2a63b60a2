import { getAddress, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type StartTestChainReturnType, startTestChain } from '../test/startTestChain.js'
import { placeContract } from './placeContract.js'
import { readArtifact } from './readArtifact.js'

// SimpleAccount 0.6 is UUPS (OpenZeppelin 4): `proxiableUUID()` requires `address(this) == __self`, an immutable
// set to `address(this)` in the constructor, and `entryPoint()` returns a constructor argument kept as an immutable.
const account = readArtifact('aa-contracts-06', 'SimpleAccount')
const implementationSlot = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc'

describe('placeContract', () => {
  let chain: StartTestChainReturnType
  beforeAll(async () => {
    chain = await startTestChain()
  })
  afterAll(() => chain?.stop())

  test('default', async () => {
    const address = getAddress('0x00000000000000000000000000000000c0ffee01')
    const entryPoint = '0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789'
    await expect(
      placeContract(chain.client, {
        bytecode: account.bytecode,
        abi: account.abi,
        args: [entryPoint],
        address,
      }),
    ).resolves.toBe(address)
    const read = (functionName: string) =>
      chain.client.readContract({ address, abi: account.abi, functionName }) as Promise<Hex>
    expect(await read('proxiableUUID')).toBe(implementationSlot)
    expect(await read('entryPoint')).toBe(entryPoint)
  })

  test('behavior: without the patch the address(this) immutable is wrong', async () => {
    const address = getAddress('0x00000000000000000000000000000000c0ffee02')
    const hash = await chain.client.deployContract({
      abi: account.abi,
      bytecode: account.bytecode,
      args: ['0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789'],
    })
    const temporary = (await chain.client.waitForTransactionReceipt({ hash })).contractAddress as Hex
    const code = await chain.client.getCode({ address: temporary })
    await chain.client.setCode({ address, bytecode: code as Hex })
    await expect(
      chain.client.readContract({ address, abi: account.abi, functionName: 'proxiableUUID' }),
    ).rejects.toThrow('must not be called through delegatecall')
  })
})
