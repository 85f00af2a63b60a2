import {
  BaseError,
  ContractFunctionRevertedError,
  concat,
  encodeFunctionData,
  getContractAddress,
  type Hex,
} from 'viem'
import { entryPoint06Abi, entryPoint07Abi, entryPoint08Abi } from 'viem/account-abstraction'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type StartTestChainReturnType, startTestChain } from '../test/startTestChain.js'
import { anvilAccounts } from './anvilAccounts.js'
import { deployEntryPoints } from './deployEntryPoints.js'
import { readArtifact } from './readArtifact.js'

describe('deployEntryPoints', () => {
  let chain: StartTestChainReturnType
  beforeAll(async () => {
    chain = await startTestChain()
  })
  afterAll(() => chain?.stop())

  test('default', async () => {
    const { client } = chain
    const entryPoints = await deployEntryPoints(client)
    expect(entryPoints).toEqual({
      '0.6': '0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789',
      '0.7': '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
      '0.8': '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108',
    })
    const abis = { '0.6': entryPoint06Abi, '0.7': entryPoint07Abi, '0.8': entryPoint08Abi } as const
    for (const version of ['0.6', '0.7', '0.8'] as const) {
      const address = entryPoints[version]
      expect(await client.getCode({ address })).toMatch(/^0x[0-9a-f]{1000,}$/)
      const nonce = await client.readContract({
        address,
        abi: abis[version],
        functionName: 'getNonce',
        args: [anvilAccounts[3].address, 0n],
      })
      expect(nonce).toBe(0n)
    }
  })

  test('behavior: v0.7 and v0.8 are the artifacts deployed by CREATE2 with the canonical salts', async () => {
    const deployer = '0x4e59b44847b379578588920ca78fbf26c0b4956c'
    const create2 = (bytecode: Hex, salt: Hex) =>
      getContractAddress({ opcode: 'CREATE2', from: deployer, bytecode, salt })
    expect(
      create2(
        readArtifact('aa-contracts-07', 'EntryPoint').bytecode,
        '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3',
      ),
    ).toBe('0x0000000071727De22E5E9d8BAf0edAc6f37da032')
    expect(
      create2(
        readArtifact('@account-abstraction/contracts', 'EntryPoint').bytecode,
        '0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9',
      ),
    ).toBe('0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108')
  })

  test('behavior: v0.6 getSenderAddress runs a SimpleAccountFactory initCode through the canonical SenderCreator', async () => {
    const { client } = chain
    const factory = readArtifact('aa-contracts-06', 'SimpleAccountFactory')
    const hash = await client.deployContract({
      abi: factory.abi,
      bytecode: factory.bytecode,
      args: ['0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789'],
    })
    const factoryAddress = (await client.waitForTransactionReceipt({ hash })).contractAddress as Hex
    const owner = anvilAccounts[4].address
    const expected = await client.readContract({
      address: factoryAddress,
      abi: factory.abi,
      functionName: 'getAddress',
      args: [owner, 7n],
    })
    const initCode = concat([
      factoryAddress,
      encodeFunctionData({ abi: factory.abi, functionName: 'createAccount', args: [owner, 7n] }),
    ])
    const error = await client
      .simulateContract({
        address: '0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789',
        abi: entryPoint06Abi,
        functionName: 'getSenderAddress',
        args: [initCode],
      })
      .catch((error: unknown) => error)
    expect(error).toBeInstanceOf(BaseError)
    const reverted = (error as BaseError).walk((cause) => cause instanceof ContractFunctionRevertedError)
    expect(reverted).toBeInstanceOf(ContractFunctionRevertedError)
    const data = (reverted as ContractFunctionRevertedError).data
    expect(data?.errorName).toBe('SenderAddressResult')
    expect(data?.args).toEqual([expected])
  })
})
