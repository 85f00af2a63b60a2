import {
  concat,
  decodeFunctionData,
  type Hex,
  hashMessage,
  pad,
  parseAbi,
  recoverMessageAddress,
  recoverTypedDataAddress,
  toHex,
} from 'viem'
import { getUserOperationHash } from 'viem/account-abstraction'
import { describe, expect, test } from 'vitest'
import { defaultAddresses } from '../constants/defaultAddresses.js'
import { dummySignature } from '../constants/dummySignature.js'
import { createStubClient } from '../test/createStubClient.js'
import { owner, secondOwner } from '../test/owners.js'
import { toModularAccountV2 } from './toModularAccountV2.js'

const accountAddress = '0x2222222222222222222222222222222222222222'
const replaySafeHash = { ReplaySafeHash: [{ name: 'hash', type: 'bytes32' }] } as const
const operation = {
  sender: accountAddress,
  nonce: 1n,
  callData: '0x' as Hex,
  callGasLimit: 1n,
  verificationGasLimit: 2n,
  preVerificationGas: 3n,
  maxFeePerGas: 4n,
  maxPriorityFeePerGas: 5n,
  signature: '0x' as Hex,
} as const

describe('toModularAccountV2', () => {
  test('default: semi-modular account, factory createSemiModularAccount(owner, salt) 0x8b4e464e', async () => {
    const account = await toModularAccountV2({ client: createStubClient(), owner, accountAddress, salt: 2n })
    expect(account.entryPoint.version).toBe('0.7')
    expect(account.mode).toBe('default')
    expect(await account.getFactoryArgs()).toEqual({
      factory: defaultAddresses.modularAccountV2.factory,
      factoryData: concat(['0x8b4e464e', pad(owner.address), pad(toHex(2))]).toLowerCase(),
    })
    expect(account.authorization).toBeUndefined()
  })

  test('behavior: execute 0xb61d27f6 and executeBatch((address,uint256,bytes)[]) 0x34fcd5be', async () => {
    const account = await toModularAccountV2({ client: createStubClient(), owner, accountAddress })
    expect((await account.encodeCalls([{ to: accountAddress }])).slice(0, 10)).toBe('0xb61d27f6')
    const batch = await account.encodeCalls([
      { to: accountAddress, value: 1n },
      { to: accountAddress, data: '0xabcd' },
    ])
    expect(batch.slice(0, 10)).toBe('0x34fcd5be')
    expect(await account.decodeCalls?.(batch)).toEqual([
      { to: accountAddress, value: 1n, data: '0x' },
      { to: accountAddress, value: 0n, data: '0xabcd' },
    ])
  })

  test('behavior: stub signature 0xFF ‖ 0x00 ‖ D and user operations 0xFF ‖ 0x00 ‖ sign(uoHash)', async () => {
    const account = await toModularAccountV2({ client: createStubClient(), owner, accountAddress })
    expect(await account.getStubSignature()).toBe(concat(['0xff00', dummySignature]))
    const signature = await account.signUserOperation(operation)
    expect(signature.slice(0, 6)).toBe('0xff00')
    const hash = getUserOperationHash({
      chainId: 31337,
      entryPointAddress: account.entryPoint.address,
      entryPointVersion: '0.7',
      userOperation: operation,
    })
    expect(
      await recoverMessageAddress({ message: { raw: hash }, signature: `0x${signature.slice(6)}` }),
    ).toBe(owner.address)
  })

  test('behavior: ERC-1271 is 0x00 ‖ uint32(0) ‖ 0xFF ‖ 0x00 ‖ 712(ReplaySafeHash) in the domain {chainId, account}', async () => {
    const account = await toModularAccountV2({
      client: createStubClient({ code: '0x60' }),
      owner,
      accountAddress,
    })
    const signature = await account.signMessage({ message: 'hello' })
    expect(signature.slice(0, 2 + 7 * 2)).toBe('0x00' + '00000000' + 'ff00')
    const signer = await recoverTypedDataAddress({
      domain: { chainId: 31337, verifyingContract: accountAddress },
      types: replaySafeHash,
      primaryType: 'ReplaySafeHash',
      message: { hash: hashMessage('hello') },
      signature: `0x${signature.slice(16)}`,
    })
    expect(signer).toBe(owner.address)
  })

  test('behavior: entity id ≠ 0 signs in the SingleSignerValidation domain salted with the account', async () => {
    const account = await toModularAccountV2({
      client: createStubClient({ code: '0x60' }),
      owner,
      accountAddress,
      entityId: 7,
    })
    const signature = await account.signMessage({ message: 'hello' })
    expect(signature.slice(0, 16)).toBe('0x0000000007ff00')
    const signer = await recoverTypedDataAddress({
      domain: {
        chainId: 31337,
        verifyingContract: defaultAddresses.modularAccountV2.singleSignerValidationModule,
        salt: concat([toHex(0, { size: 12 }), accountAddress]),
      },
      types: replaySafeHash,
      primaryType: 'ReplaySafeHash',
      message: { hash: hashMessage('hello') },
      signature: `0x${signature.slice(16)}`,
    })
    expect(signer).toBe(owner.address)
  })

  test('behavior: the nonce is read with the key (nonceKey << 40) + (entityId << 8) + 1', async () => {
    const keys: bigint[] = []
    const client = createStubClient({
      call: ({ data }) => {
        const { args } = decodeFunctionData({
          abi: parseAbi(['function getNonce(address, uint192) view returns (uint256)']),
          data,
        })
        keys.push(args[1])
        return pad('0x2a')
      },
    })
    const account = await toModularAccountV2({ client, owner, accountAddress, entityId: 3, nonceKey: 9n })
    expect(await account.getNonce()).toBe(42n)
    expect(keys).toEqual([(9n << 40n) + (3n << 8n) + 1n])
  })

  test('behavior: 7702 mode is the owner EOA, no factory, an authorization to the 7702 implementation, no 6492', async () => {
    const account = await toModularAccountV2({ client: createStubClient(), owner, mode: '7702' })
    expect(account.address).toBe(owner.address)
    expect(await account.getFactoryArgs()).toEqual({ factory: undefined, factoryData: undefined })
    expect(account.authorization?.address).toBe(defaultAddresses.modularAccountV2.semiModularAccount7702)
    const signature = await account.signMessage({ message: 'hello' })
    expect(signature.endsWith('6492'.repeat(16))).toBe(false)
    expect(signature.length).toBe(2 + (1 + 4 + 1 + 1 + 65) * 2)
  })

  test('error: entity id above uint32 max', async () => {
    await expect(
      toModularAccountV2({ client: createStubClient(), owner, accountAddress, entityId: 2 ** 32 }),
    ).rejects.toMatchObject({ name: 'InvalidEntityIdError' })
  })

  test('error: nonce key above 2**152 - 1', async () => {
    await expect(
      toModularAccountV2({ client: createStubClient(), owner, accountAddress, nonceKey: 2n ** 152n }),
    ).rejects.toMatchObject({ name: 'InvalidNonceKeyError' })
  })

  test('error: 7702 with another account address needs an entity id other than 0', async () => {
    await expect(
      toModularAccountV2({
        client: createStubClient(),
        owner,
        mode: '7702',
        accountAddress: secondOwner.address,
      }),
    ).rejects.toThrow('EntityId of 0 is reserved for the owner and cannot be used')
    const delegated = await toModularAccountV2({
      client: createStubClient(),
      owner,
      mode: '7702',
      accountAddress: secondOwner.address,
      entityId: 1,
    })
    expect(delegated.address).toBe(secondOwner.address)
  })

  test('error: unknown mode', async () => {
    await expect(
      toModularAccountV2({ client: createStubClient(), owner, mode: 'webauthn' as never }),
    ).rejects.toMatchObject({ name: 'InvalidModularAccountModeError' })
  })
})
