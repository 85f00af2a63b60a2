import {
  type Address,
  concat,
  encodeFunctionData,
  getAddress,
  type Hex,
  hashMessage,
  hashTypedData,
  parseEther,
  zeroAddress,
} from 'viem'
import { entryPoint06Abi, getUserOperationHash, type UserOperation } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MultiOwnerModularAccount } from '../artifacts/modular/MultiOwnerModularAccount.js'
import { MultiOwnerModularAccountFactory } from '../artifacts/modular/MultiOwnerModularAccountFactory.js'
import { MultiOwnerPlugin } from '../artifacts/modular/MultiOwnerPlugin.js'
import { deployModularAccounts } from '../deploy/deployModularAccounts.js'
import { type StartTestChainReturnType, startTestChain } from '../test/startTestChain.js'
import { dummySignature, implementationSlot } from './accountTestConstants.js'
import { getSenderAddress } from './getSenderAddress.js'
import { modularAccountAddresses } from './modularAccountAddresses.js'
import { validateUserOpAsEntryPoint } from './validateUserOpAsEntryPoint.js'

const { entryPoint, factory, multiOwnerPlugin, implementation } =
  modularAccountAddresses.multiOwnerModularAccount
const abi = MultiOwnerModularAccount.abi
const ownerA = privateKeyToAccount(generatePrivateKey())
const ownerB = privateKeyToAccount(generatePrivateKey())
const stranger = privateKeyToAccount(generatePrivateKey())
const owners = [ownerA.address, ownerB.address].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1))
const createAccountData = (salt: bigint, accountOwners: readonly Address[]) =>
  encodeFunctionData({
    abi: MultiOwnerModularAccountFactory.abi,
    functionName: 'createAccount',
    args: [salt, accountOwners],
  })

describe('MultiOwnerModularAccount', () => {
  let chain: StartTestChainReturnType
  let account: Address
  beforeAll(async () => {
    chain = await startTestChain()
    await deployModularAccounts(chain.client)
    account = await getSenderAddress(chain.client, {
      entryPoint,
      initCode: concat([factory, createAccountData(0n, owners)]),
    })
    const hash = await chain.client.sendTransaction({ to: factory, data: createAccountData(0n, owners) })
    await chain.client.waitForTransactionReceipt({ hash })
    await chain.client.setBalance({ address: account, value: parseEther('1') })
    await chain.client.setBalance({ address: ownerA.address, value: parseEther('1') })
  })
  afterAll(() => chain?.stop())

  const userOperation = (signature: Hex): Required<Omit<UserOperation<'0.6'>, 'authorization'>> => ({
    sender: account,
    nonce: 0n,
    initCode: '0x',
    callData: '0x',
    callGasLimit: 100_000n,
    verificationGasLimit: 500_000n,
    preVerificationGas: 50_000n,
    maxFeePerGas: 2_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
    paymasterAndData: '0x',
    signature,
  })
  const userOpHash = (userOp: UserOperation<'0.6'>) =>
    getUserOperationHash({
      userOperation: userOp,
      entryPointAddress: entryPoint,
      entryPointVersion: '0.6',
      chainId: 31337,
    })
  const validate = (signature: Hex, extra: { missingAccountFunds?: bigint; send?: boolean } = {}) => {
    const userOp = userOperation(signature)
    return validateUserOpAsEntryPoint(chain.client, {
      entryPoint,
      account,
      abi,
      userOperation: userOp,
      userOpHash: userOpHash(userOp),
      ...extra,
    })
  }
  const signUserOp = (signer: typeof ownerA) =>
    signer.signMessage({ message: { raw: userOpHash(userOperation(dummySignature)) } })
  const read = <T>(functionName: string, args: readonly unknown[] = [], address = account) =>
    chain.client.readContract({ address, abi, functionName, args } as never) as Promise<T>

  test('default', async () => {
    const { client } = chain
    const deployed = await client.readContract({
      address: factory,
      abi: MultiOwnerModularAccountFactory.abi,
      functionName: 'getAddress',
      args: [0n, owners],
    })
    expect(deployed).toBe(account)
    expect(await client.getCode({ address: account })).toBeTruthy()
    expect(
      await client.readContract({
        address: multiOwnerPlugin,
        abi: MultiOwnerPlugin.abi,
        functionName: 'ownersOf',
        args: [account],
      }),
    ).toEqual(owners)
    expect(
      getAddress(
        `0x${(await client.getStorageAt({ address: account, slot: implementationSlot }))?.slice(26)}`,
      ),
    ).toBe(implementation)
    expect(await read('entryPoint')).toBe(entryPoint)
    const userOp = userOperation(dummySignature)
    const onChain = await client.readContract({
      address: entryPoint,
      abi: entryPoint06Abi,
      functionName: 'getUserOpHash',
      args: [userOp],
    })
    expect(onChain).toBe(userOpHash(userOp))
  })

  test('behavior: the counterfactual address depends on the salt and the owners', async () => {
    const other = await getSenderAddress(chain.client, {
      entryPoint,
      initCode: concat([factory, createAccountData(1n, owners)]),
    })
    const single = await getSenderAddress(chain.client, {
      entryPoint,
      initCode: concat([factory, createAccountData(0n, [ownerA.address])]),
    })
    expect(new Set([account, other, single]).size).toBe(3)
  })

  test('error: the factory refuses owners that are not sorted, unique and non-zero', async () => {
    for (const bad of [
      [],
      [owners[1], owners[0]],
      [owners[0], owners[0]],
      [zeroAddress, owners[0]],
    ] as Address[][]) {
      await expect(
        chain.client.simulateContract({
          address: factory,
          abi: MultiOwnerModularAccountFactory.abi,
          functionName: 'createAccount',
          args: [0n, bad],
        }),
      ).rejects.toThrow('InvalidOwners')
    }
  })

  test('behavior: validateUserOp accepts an EIP-191 signature of the userOpHash by any owner', async () => {
    expect(await validate(await signUserOp(ownerA))).toBe(0n)
    expect(await validate(await signUserOp(ownerB))).toBe(0n)
  })

  test('behavior: validateUserOp returns 1 for a stranger, the dummy signature and a raw-hash signature', async () => {
    expect(await validate(await signUserOp(stranger))).toBe(1n)
    expect(await validate(dummySignature)).toBe(1n)
    expect(await validate('0x')).toBe(1n)
    const raw = await ownerA.sign({ hash: userOpHash(userOperation(dummySignature)) })
    expect(await validate(raw)).toBe(1n)
  })

  test('behavior: validateUserOp pays the missing account funds', async () => {
    const before = await chain.client.getBalance({ address: account })
    await validate(await signUserOp(ownerA), { missingAccountFunds: 12345n, send: true })
    expect(await chain.client.getBalance({ address: account })).toBe(before - 12345n)
  })

  test('error: validateUserOp from anyone but the EntryPoint reverts', async () => {
    const userOp = userOperation(dummySignature)
    await expect(
      chain.client.simulateContract({
        address: account,
        abi,
        functionName: 'validateUserOp',
        args: [userOp, userOpHash(userOp), 0n],
      }),
    ).rejects.toThrow('NotEntryPoint')
  })

  test('behavior: isValidSignature takes an owner signature of AlchemyModularAccountMessage in the plugin domain', async () => {
    const { client } = chain
    const [, name, version, chainId, verifyingContract, salt] = await client.readContract({
      address: multiOwnerPlugin,
      abi: MultiOwnerPlugin.abi,
      functionName: 'eip712Domain',
      account,
    })
    expect({ name, version, chainId, verifyingContract, salt }).toEqual({
      name: 'Multi Owner Plugin',
      version: '1.0.0',
      chainId: 31337n,
      verifyingContract: account,
      salt: `${multiOwnerPlugin.toLowerCase()}000000000000000000000000`,
    })
    expect((await read<readonly unknown[]>('eip712Domain'))[4]).toBe(account)
    const hash = hashMessage('hello from Sigil')
    const typedData = {
      domain: { name, version, chainId: Number(chainId), verifyingContract, salt },
      types: { AlchemyModularAccountMessage: [{ name: 'message', type: 'bytes' }] },
      primaryType: 'AlchemyModularAccountMessage',
      message: { message: hash },
    } as const
    expect(
      await client.readContract({
        address: multiOwnerPlugin,
        abi: MultiOwnerPlugin.abi,
        functionName: 'getMessageHash',
        args: [account, hash],
      }),
    ).toBe(hashTypedData(typedData))
    expect(await read('isValidSignature', [hash, await ownerB.signTypedData(typedData)])).toBe('0x1626ba7e')
    expect(await read('isValidSignature', [hash, await stranger.signTypedData(typedData)])).toBe('0xffffffff')
    expect(await read('isValidSignature', [hash, await ownerB.signMessage({ message: { raw: hash } })])).toBe(
      '0xffffffff',
    )
  })

  test('behavior: updateOwners through the account changes ownersOf and who validates', async () => {
    const { client } = chain
    const ownersOf = () =>
      client.readContract({
        address: multiOwnerPlugin,
        abi: MultiOwnerPlugin.abi,
        functionName: 'ownersOf',
        args: [account],
      })
    await expect(
      client.simulateContract({
        address: account,
        abi,
        functionName: 'updateOwners',
        args: [[stranger.address], []],
        account: stranger.address,
      }),
    ).rejects.toThrow('Unauthorized')
    // An owner calls the account directly (the SDK sends the same call data in a user operation).
    const hash = await client.writeContract({
      address: account,
      abi,
      functionName: 'updateOwners',
      args: [[stranger.address], [ownerB.address]],
      account: ownerA,
    })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(new Set(await ownersOf())).toEqual(new Set([ownerA.address, stranger.address]))
    expect(await validate(await signUserOp(stranger))).toBe(0n)
    expect(await validate(await signUserOp(ownerB))).toBe(1n)
    await expect(
      client.simulateContract({
        address: account,
        abi: [...abi, ...MultiOwnerPlugin.abi],
        functionName: 'updateOwners',
        args: [[], [ownerA.address, stranger.address]],
        account: ownerA,
      }),
    ).rejects.toThrow('EmptyOwnersNotAllowed')
  })
})
