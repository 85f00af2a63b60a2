import {
  concat,
  createPublicClient,
  encodeErrorResult,
  type Hex,
  hashMessage,
  hashTypedData,
  http,
  pad,
  parseAbi,
  parseErc6492Signature,
  recoverMessageAddress,
  recoverTypedDataAddress,
  toHex,
} from 'viem'
import { entryPoint06Address, entryPoint07Address, getUserOperationHash } from 'viem/account-abstraction'
import { describe, expect, test } from 'vitest'
import { sigilDevnet } from '../chains/sigilDevnet.js'
import { dummySignature } from '../constants/dummySignature.js'
import { createStubClient } from '../test/createStubClient.js'
import { owner } from '../test/owners.js'
import { toLightAccount } from './toLightAccount.js'

const accountAddress = '0x1111111111111111111111111111111111111111'
const target = '0x000000000000000000000000000000000000dEaD'
const mail = {
  domain: { name: 'Ether Mail', version: '1', chainId: 31337 },
  types: { Person: [{ name: 'name', type: 'string' }] },
  primaryType: 'Person',
  message: { name: 'Bob' },
} as const
const lightAccountMessage = { LightAccountMessage: [{ name: 'message', type: 'bytes' }] } as const

function userOperation(sender: Hex) {
  return {
    sender,
    nonce: 0n,
    callData: '0x' as Hex,
    callGasLimit: 100_000n,
    verificationGasLimit: 200_000n,
    preVerificationGas: 50_000n,
    maxFeePerGas: 2_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
    signature: '0x' as Hex,
  }
}

describe('toLightAccount', () => {
  test('default: v2.0.0 on EntryPoint 0.7, the address from getSenderAddress', async () => {
    const client = createStubClient({
      call: ({ to }) => {
        expect(to).toBe(entryPoint07Address)
        throw Object.assign(new Error('execution reverted'), {
          code: 3,
          data: encodeErrorResult({
            abi: parseAbi(['error SenderAddressResult(address sender)']),
            errorName: 'SenderAddressResult',
            args: [accountAddress],
          }),
        })
      },
    })
    const account = await toLightAccount({ client, owner })
    expect(account.address).toBe(accountAddress)
    expect(account.entryPoint.version).toBe('0.7')
    expect(account.version).toBe('v2.0.0')
    const call = client.requests.find((request) => request.method === 'eth_call')
    if (!call) throw new Error('no eth_call')
    const [{ data }] = call.params as [{ data: Hex }]
    // getSenderAddress(bytes) 0x9b249f69 over factory ‖ createAccount(owner, 0)
    expect(data.slice(0, 10)).toBe('0x9b249f69')
    expect(data.toLowerCase()).toContain(
      concat(['0x0000000000400CdFef5E2714E63d8040b700BC24', '0x5fbfb9cf', pad(owner.address), pad('0x0')])
        .slice(2)
        .toLowerCase(),
    )
  })

  test('behavior: factory call createAccount(owner, salt) 0x5fbfb9cf, v1.1.0 factory on EntryPoint 0.6', async () => {
    const account = await toLightAccount({
      client: createStubClient(),
      owner,
      version: 'v1.1.0',
      salt: 7n,
      accountAddress,
    })
    expect(account.entryPoint.address).toBe(entryPoint06Address)
    expect(await account.getFactoryArgs()).toEqual({
      factory: '0x00004EC70002a32400f8ae005A26081065620D20',
      factoryData: concat(['0x5fbfb9cf', pad(owner.address), pad(toHex(7))]).toLowerCase(),
    })
  })

  test('behavior: execute 0xb61d27f6 for one call, executeBatch(address[],uint256[],bytes[]) 0x47e1da2a for several', async () => {
    const account = await toLightAccount({ client: createStubClient(), owner, accountAddress })
    const one = await account.encodeCalls([{ to: target, value: 1n }])
    expect(one).toBe(
      concat(['0xb61d27f6', pad(target), pad(toHex(1)), pad(toHex(0x60)), pad('0x0')]).toLowerCase(),
    )
    const batch = await account.encodeCalls([
      { to: target, value: 1n },
      { to: target, data: '0x1234' },
    ])
    expect(batch.slice(0, 10)).toBe('0x47e1da2a')
    expect(await account.decodeCalls?.(batch)).toEqual([
      { to: target, value: 1n, data: '0x' },
      { to: target, value: 0n, data: '0x1234' },
    ])
  })

  test('behavior: stub signatures 0x00 ‖ D (v2.0.0) and D (v1.1.0)', async () => {
    const v2 = await toLightAccount({ client: createStubClient(), owner, accountAddress })
    const v1 = await toLightAccount({ client: createStubClient(), owner, accountAddress, version: 'v1.1.0' })
    expect(await v2.getStubSignature()).toBe(concat(['0x00', dummySignature]))
    expect(await v1.getStubSignature()).toBe(dummySignature)
  })

  test('behavior: user operations signed 0x00 ‖ sign(uoHash) (v2.0.0) and sign(uoHash) (v1.1.0)', async () => {
    for (const version of ['v2.0.0', 'v1.1.0'] as const) {
      const account = await toLightAccount({ client: createStubClient(), owner, accountAddress, version })
      const operation =
        version === 'v1.1.0'
          ? { ...userOperation(accountAddress), initCode: '0x' as Hex, paymasterAndData: '0x' as Hex }
          : userOperation(accountAddress)
      const signature = await account.signUserOperation(operation)
      const hash = getUserOperationHash({
        chainId: 31337,
        entryPointAddress: account.entryPoint.address,
        entryPointVersion: account.entryPoint.version,
        userOperation: operation,
      })
      const raw = version === 'v2.0.0' ? (`0x${signature.slice(4)}` as Hex) : signature
      if (version === 'v2.0.0') expect(signature.slice(0, 4)).toBe('0x00')
      expect(signature.length).toBe(version === 'v2.0.0' ? 2 + 66 * 2 : 2 + 65 * 2)
      expect(await recoverMessageAddress({ message: { raw: hash }, signature: raw })).toBe(owner.address)
    }
  })

  test('behavior: deployed v2.0.0 signMessage is 0x00 ‖ 712(LightAccountMessage) in the LightAccount/2 domain', async () => {
    const account = await toLightAccount({
      client: createStubClient({ code: '0x6001' }),
      owner,
      accountAddress,
    })
    const signature = await account.signMessage({ message: 'hello' })
    expect(signature.slice(0, 4)).toBe('0x00')
    const signer = await recoverTypedDataAddress({
      domain: { name: 'LightAccount', version: '2', chainId: 31337, verifyingContract: accountAddress },
      types: lightAccountMessage,
      primaryType: 'LightAccountMessage',
      message: { message: hashMessage('hello') },
      signature: `0x${signature.slice(4)}`,
    })
    expect(signer).toBe(owner.address)
  })

  test('behavior: v1.1.0 signTypedData is 712(LightAccountMessage(hashTypedData)) in the LightAccount/1 domain', async () => {
    const account = await toLightAccount({
      client: createStubClient({ code: '0x6001' }),
      owner,
      accountAddress,
      version: 'v1.1.0',
    })
    const signature = await account.signTypedData(mail)
    expect(signature.length).toBe(2 + 65 * 2)
    const signer = await recoverTypedDataAddress({
      domain: { name: 'LightAccount', version: '1', chainId: 31337, verifyingContract: accountAddress },
      types: lightAccountMessage,
      primaryType: 'LightAccountMessage',
      message: { message: hashTypedData(mail) },
      signature,
    })
    expect(signer).toBe(owner.address)
  })

  test('behavior: undeployed, signMessage is wrapped in EIP-6492 with the factory call', async () => {
    const account = await toLightAccount({ client: createStubClient(), owner, accountAddress })
    const signature = await account.signMessage({ message: 'hello' })
    expect(signature.endsWith('6492'.repeat(16))).toBe(true)
    const { factory, factoryData } = await account.getFactoryArgs()
    const parsed = parseErc6492Signature(signature)
    expect(parsed.address).toBe(factory)
    expect(parsed.data).toBe(factoryData)
    expect(parsed.signature.slice(0, 4)).toBe('0x00')
  })

  test('error: getCounterFactualAddress failed when the node does not answer SenderAddressResult', async () => {
    await expect(toLightAccount({ client: createStubClient(), owner })).rejects.toMatchObject({
      name: 'GetCounterFactualAddressError',
      shortMessage: 'getCounterFactualAddress failed',
    })
    const reverted = createStubClient({
      call: () => {
        throw Object.assign(new Error('execution reverted'), { code: 3, data: '0x08c379a0' })
      },
    })
    await expect(toLightAccount({ client: reverted, owner })).rejects.toThrow(
      'getCounterFactualAddress failed',
    )
  })

  test('error: Invalid RPC URL when the client URL is not a URL', async () => {
    const client = createPublicClient({ chain: sigilDevnet, transport: http('not a url', { retryCount: 0 }) })
    await expect(toLightAccount({ client, owner })).rejects.toMatchObject({
      name: 'InvalidRpcUrlError',
      shortMessage: 'Invalid RPC URL',
    })
  })

  test('error: No chain supplied to the client when the client has no chain', async () => {
    const client = createPublicClient({ transport: http('http://127.0.0.1:1') })
    await expect(toLightAccount({ client, owner, accountAddress })).rejects.toThrow(
      'No chain supplied to the client',
    )
  })
})
