import {
  concat,
  type Hex,
  hashMessage,
  pad,
  recoverMessageAddress,
  recoverTypedDataAddress,
  toHex,
} from 'viem'
import { entryPoint06Address, getUserOperationHash } from 'viem/account-abstraction'
import { describe, expect, test } from 'vitest'
import { defaultAddresses } from '../constants/defaultAddresses.js'
import { dummySignature } from '../constants/dummySignature.js'
import { createStubClient } from '../test/createStubClient.js'
import { owner } from '../test/owners.js'
import { toMultiOwnerModularAccount } from './toMultiOwnerModularAccount.js'

const accountAddress = '0x4444444444444444444444444444444444444444'

describe('toMultiOwnerModularAccount', () => {
  test('default: EntryPoint 0.6, createAccount(uint256 salt, address[] owners) 0x73876732, salt first', async () => {
    const account = await toMultiOwnerModularAccount({
      client: createStubClient(),
      owner,
      accountAddress,
      salt: 1n,
    })
    expect(account.entryPoint.address).toBe(entryPoint06Address)
    expect(await account.getFactoryArgs()).toEqual({
      factory: defaultAddresses.multiOwnerModularAccount.factory,
      factoryData: concat([
        '0x73876732',
        pad(toHex(1)),
        pad(toHex(0x40)),
        pad(toHex(1)),
        pad(owner.address),
      ]).toLowerCase(),
    })
  })

  test('behavior: stub D, executeBatch tuple 0x34fcd5be, updateOwners through the account', async () => {
    const account = await toMultiOwnerModularAccount({ client: createStubClient(), owner, accountAddress })
    expect(await account.getStubSignature()).toBe(dummySignature)
    expect((await account.encodeCalls([{ to: accountAddress }, { to: accountAddress }])).slice(0, 10)).toBe(
      '0x34fcd5be',
    )
    expect(account.encodeUpdateOwners([], [owner.address]).slice(0, 10)).toBe('0x39562247')
  })

  test('behavior: user operations are sign(uoHash) over the v0.6 hash', async () => {
    const account = await toMultiOwnerModularAccount({ client: createStubClient(), owner, accountAddress })
    const operation = {
      sender: accountAddress,
      nonce: 0n,
      initCode: '0x' as Hex,
      callData: '0x' as Hex,
      callGasLimit: 1n,
      verificationGasLimit: 2n,
      preVerificationGas: 3n,
      maxFeePerGas: 4n,
      maxPriorityFeePerGas: 5n,
      paymasterAndData: '0x' as Hex,
      signature: '0x' as Hex,
    } as const
    const signature = await account.signUserOperation(operation)
    const hash = getUserOperationHash({
      chainId: 31337,
      entryPointAddress: entryPoint06Address,
      entryPointVersion: '0.6',
      userOperation: operation,
    })
    expect(await recoverMessageAddress({ message: { raw: hash }, signature })).toBe(owner.address)
  })

  test('behavior: ERC-1271 in the Multi Owner Plugin domain salted with the plugin address', async () => {
    const account = await toMultiOwnerModularAccount({
      client: createStubClient({ code: '0x60' }),
      owner,
      accountAddress,
    })
    const signature = await account.signMessage({ message: 'hello' })
    const signer = await recoverTypedDataAddress({
      domain: {
        name: 'Multi Owner Plugin',
        version: '1.0.0',
        chainId: 31337,
        verifyingContract: accountAddress,
        salt: concat([defaultAddresses.multiOwnerModularAccount.multiOwnerPlugin, toHex(0, { size: 12 })]),
      },
      types: { AlchemyModularAccountMessage: [{ name: 'message', type: 'bytes' }] },
      primaryType: 'AlchemyModularAccountMessage',
      message: { message: hashMessage('hello') },
      signature,
    })
    expect(signer).toBe(owner.address)
  })
})
