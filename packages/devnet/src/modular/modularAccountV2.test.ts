import {
  type Address,
  concat,
  encodeFunctionData,
  encodePacked,
  getAddress,
  getContractAddress,
  type Hex,
  hashMessage,
  hashTypedData,
  keccak256,
  pad,
  parseEther,
  toFunctionSelector,
  toHex,
  zeroAddress,
} from 'viem'
import {
  entryPoint07Abi,
  getUserOperationHash,
  toPackedUserOperation,
  type UserOperation,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ModularAccountV2Factory } from '../artifacts/modular/ModularAccountV2Factory.js'
import { SemiModularAccountBytecode } from '../artifacts/modular/SemiModularAccountBytecode.js'
import { deployModularAccounts } from '../deploy/deployModularAccounts.js'
import { type StartTestChainReturnType, startTestChain } from '../test/startTestChain.js'
import { dummySignature, implementationSlot } from './accountTestConstants.js'
import { getSenderAddress } from './getSenderAddress.js'
import { modularAccountAddresses } from './modularAccountAddresses.js'
import { validateUserOpAsEntryPoint } from './validateUserOpAsEntryPoint.js'

const { entryPoint, factory, implementation } = modularAccountAddresses.modularAccountV2
const abi = SemiModularAccountBytecode.abi
const owner = privateKeyToAccount(generatePrivateKey())
const stranger = privateKeyToAccount(generatePrivateKey())
const createAccountData = (salt: bigint) =>
  encodeFunctionData({
    abi: ModularAccountV2Factory.abi,
    functionName: 'createSemiModularAccount',
    args: [owner.address, salt],
  })
/** The SDK's full nonce key: (nonceKey << 40) + (entityId << 8) + (isGlobalValidation ? 1 : 0). */
const nonceKey = (key: bigint, entityId: bigint, flags: bigint) => (key << 40n) + (entityId << 8n) + flags
/** ERC-1271 packing for entity 0: 0x00 ‖ uint32(entityId) ‖ 0xFF ‖ 0x00 (EOA) ‖ signature. */
const pack1271 = (signature: Hex, entityId = 0) =>
  concat(['0x00', toHex(entityId, { size: 4 }), '0xff', '0x00', signature])

describe('ModularAccountV2 (semi-modular)', () => {
  let chain: StartTestChainReturnType
  let account: Address
  beforeAll(async () => {
    chain = await startTestChain()
    await deployModularAccounts(chain.client)
    account = await getSenderAddress(chain.client, {
      entryPoint,
      initCode: concat([factory, createAccountData(0n)]),
    })
    const hash = await chain.client.sendTransaction({ to: factory, data: createAccountData(0n) })
    await chain.client.waitForTransactionReceipt({ hash })
    await chain.client.setBalance({ address: account, value: parseEther('1') })
    await chain.client.setBalance({ address: owner.address, value: parseEther('1') })
  })
  afterAll(() => chain?.stop())

  const userOperation = (
    signature: Hex,
    key = nonceKey(0n, 0n, 1n),
    callData: Hex = '0x',
  ): UserOperation<'0.7'> => ({
    sender: account,
    nonce: key << 64n,
    callData,
    callGasLimit: 100_000n,
    verificationGasLimit: 500_000n,
    preVerificationGas: 50_000n,
    maxFeePerGas: 2_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
    signature,
  })
  const userOpHash = (userOp: UserOperation<'0.7'>) =>
    getUserOperationHash({
      userOperation: userOp,
      entryPointAddress: entryPoint,
      entryPointVersion: '0.7',
      chainId: 31337,
    })
  const validate = async (
    sign: (hash: Hex) => Promise<Hex>,
    key?: bigint,
    extra: { missingAccountFunds?: bigint; send?: boolean } = {},
  ) => {
    const unsigned = userOperation('0x', key)
    const userOp = { ...unsigned, signature: await sign(userOpHash(unsigned)) }
    return validateUserOpAsEntryPoint(chain.client, {
      entryPoint,
      account,
      abi,
      userOperation: toPackedUserOperation(userOp),
      userOpHash: userOpHash(userOp),
      ...extra,
    })
  }
  const signedBy =
    (signer: typeof owner, prefix: Hex = '0xff00') =>
    async (hash: Hex) =>
      concat([prefix, await signer.signMessage({ message: { raw: hash } })])
  const read = <T>(functionName: string, args: readonly unknown[] = []) =>
    chain.client.readContract({ address: account, abi, functionName, args } as never) as Promise<T>

  test('default', async () => {
    const { client } = chain
    expect(
      await client.readContract({
        address: factory,
        abi: ModularAccountV2Factory.abi,
        functionName: 'getAddressSemiModular',
        args: [owner.address, 0n],
      }),
    ).toBe(account)
    expect(await read('getFallbackSignerData')).toEqual([owner.address, false])
    expect(await read('entryPoint')).toBe(entryPoint)
    expect(
      getAddress(
        `0x${(await client.getStorageAt({ address: account, slot: implementationSlot }))?.slice(26)}`,
      ),
    ).toBe(implementation)
    const packed = toPackedUserOperation(userOperation(dummySignature))
    expect(
      await client.readContract({
        address: entryPoint,
        abi: entryPoint07Abi,
        functionName: 'getUserOpHash',
        args: [packed],
      }),
    ).toBe(userOpHash(userOperation(dummySignature)))
  })

  test("behavior: the account is the audited factory's CREATE2 proxy carrying its owner, where SDKs predict it", async () => {
    const { client } = chain
    // Solady's ERC-1967 proxy with 20 bytes of immutable arguments: creation prefix, runtime, then the owner.
    const runtime = concat([
      '0x363d3d373d3d363d7f',
      implementationSlot,
      '0x545af43d6000803e6038573d6000fd5b3d6000f3',
    ])
    const initCode = concat([
      '0x6100513d8160233d3973',
      implementation,
      '0x60095155f3',
      runtime,
      owner.address,
    ])
    const salt = keccak256(encodePacked(['address', 'uint256', 'uint32'], [owner.address, 0n, 0xffffffff]))
    expect(getContractAddress({ from: factory, opcode: 'CREATE2', salt, bytecode: initCode })).toBe(account)
    expect((await client.getCode({ address: account }))?.toLowerCase()).toBe(
      concat([runtime, owner.address]).toLowerCase(),
    )
    expect(
      await client.readContract({
        address: factory,
        abi: ModularAccountV2Factory.abi,
        functionName: 'getSalt',
        args: [owner.address, 0n, 0xffffffff],
      }),
    ).toBe(salt)
  })

  test('behavior: answers the views Account Kit reads (getValidationData, getExecutionData, accountId, ERC-165)', async () => {
    const executeSelector = toFunctionSelector('execute(address,uint256,bytes)')
    const noHooks = { validationHooks: [], executionHooks: [], selectors: [] }
    expect(await read('getValidationData', [pad('0x', { size: 24 })])).toEqual({
      validationFlags: 0,
      ...noHooks,
    })
    expect(await read('getValidationData', [concat([zeroAddress, '0xffffffff'])])).toEqual({
      validationFlags: 0,
      ...noHooks,
    })
    expect(await read('getExecutionData', [executeSelector])).toEqual({
      module: account,
      skipRuntimeValidation: false,
      allowGlobalValidation: true,
      executionHooks: [],
    })
    expect(await read('getExecutionData', [toFunctionSelector('accountId()')])).toEqual({
      module: account,
      skipRuntimeValidation: true,
      allowGlobalValidation: false,
      executionHooks: [],
    })
    expect(await read('getExecutionData', ['0x12345678'])).toEqual({
      module: zeroAddress,
      skipRuntimeValidation: false,
      allowGlobalValidation: false,
      executionHooks: [],
    })
    expect(await read('accountId')).toBe('alchemy.sma-bytecode.1.0.0')
    expect(await read('supportsInterface', ['0x1626ba7e'])).toBe(true)
    expect(await read('supportsInterface', ['0x01ffc9a7'])).toBe(true)
    expect(await read('supportsInterface', ['0xffffffff'])).toBe(false)
  })

  test('behavior: another salt or owner gives another counterfactual address; createSemiModularAccount is idempotent', async () => {
    const other = await getSenderAddress(chain.client, {
      entryPoint,
      initCode: concat([factory, createAccountData(1n)]),
    })
    expect(other).not.toBe(account)
    const { result } = await chain.client.simulateContract({
      address: factory,
      abi: ModularAccountV2Factory.abi,
      functionName: 'createSemiModularAccount',
      args: [owner.address, 0n],
    })
    expect(result).toBe(account)
  })

  test('behavior: validateUserOp accepts 0xFF ‖ 0x00 ‖ sign(userOpHash) for entity 0 with global validation, any nonce key', async () => {
    expect(await validate(signedBy(owner))).toBe(0n)
    expect(await validate(signedBy(owner), nonceKey(5n, 0n, 1n))).toBe(0n)
  })

  test('behavior: validateUserOp returns 1 for the dummy, a stranger, another layout, entity or flag', async () => {
    expect(await validate(async () => concat(['0xff00', dummySignature]))).toBe(1n)
    expect(await validate(signedBy(stranger))).toBe(1n)
    expect(await validate(signedBy(owner, '0x00'))).toBe(1n)
    expect(await validate(signedBy(owner, '0x'))).toBe(1n)
    expect(await validate(async (hash) => concat(['0xff00', await owner.sign({ hash })]))).toBe(1n)
    expect(await validate(signedBy(owner), nonceKey(0n, 1n, 1n))).toBe(1n)
    expect(await validate(signedBy(owner), nonceKey(0n, 0n, 0n))).toBe(1n)
    expect(await validate(signedBy(owner), nonceKey(0n, 0n, 3n))).toBe(1n)
    expect(await validate(async () => '0x')).toBe(1n)
  })

  test('behavior: validateUserOp pays the missing account funds', async () => {
    const before = await chain.client.getBalance({ address: account })
    await validate(signedBy(owner), undefined, { missingAccountFunds: 777n, send: true })
    expect(await chain.client.getBalance({ address: account })).toBe(before - 777n)
  })

  test('behavior: isValidSignature takes the 1271 packing over ReplaySafeHash in {chainId, verifyingContract}', async () => {
    const hash = hashMessage('hello from Sigil')
    const typedData = {
      domain: { chainId: 31337, verifyingContract: account },
      types: { ReplaySafeHash: [{ name: 'hash', type: 'bytes32' }] },
      primaryType: 'ReplaySafeHash',
      message: { hash },
    } as const
    expect(await read('replaySafeHash', [hash])).toBe(hashTypedData(typedData))
    const signature = await owner.signTypedData(typedData)
    expect(await read('isValidSignature', [hash, pack1271(signature)])).toBe('0x1626ba7e')
    expect(await read('isValidSignature', [hash, pack1271(await stranger.signTypedData(typedData))])).toBe(
      '0xffffffff',
    )
    expect(await read('isValidSignature', [hash, pack1271(signature, 1)])).toBe('0xffffffff')
    expect(await read('isValidSignature', [hash, signature])).toBe('0xffffffff')
    expect(
      await read('isValidSignature', [hash, pack1271(await owner.signMessage({ message: { raw: hash } }))]),
    ).toBe('0xffffffff')
  })

  test('behavior: executeUserOp (0x8DD7712F prefix) runs the rest of the call data as the account', async () => {
    const { client } = chain
    const to = privateKeyToAccount(generatePrivateKey()).address
    const inner = encodeFunctionData({ abi, functionName: 'execute', args: [to, 3n, '0x'] })
    const userOp = userOperation(dummySignature, undefined, concat(['0x8dd7712f', inner]))
    await expect(
      client.simulateContract({
        address: account,
        abi,
        functionName: 'executeUserOp',
        args: [toPackedUserOperation(userOp), userOpHash(userOp)],
        account: owner.address,
      }),
    ).rejects.toThrow('NotEntryPoint')
    await client.impersonateAccount({ address: entryPoint })
    const hash = await client.writeContract({
      address: account,
      abi,
      functionName: 'executeUserOp',
      args: [toPackedUserOperation(userOp), userOpHash(userOp)],
      account: entryPoint,
    })
    await client.waitForTransactionReceipt({ hash })
    await client.stopImpersonatingAccount({ address: entryPoint })
    expect(await client.getBalance({ address: to })).toBe(3n)
  })

  test('behavior: execute and executeBatch by the owner; a stranger is refused', async () => {
    const { client } = chain
    const to = privateKeyToAccount(generatePrivateKey()).address
    const batch = [
      { target: to, value: 1n, data: '0x' as Hex },
      { target: to, value: 2n, data: '0x' as Hex },
    ]
    const hash = await client.writeContract({
      address: account,
      abi,
      functionName: 'executeBatch',
      args: [batch],
      account: owner,
    })
    await client.waitForTransactionReceipt({ hash })
    expect(await client.getBalance({ address: to })).toBe(3n)
    await expect(
      client.simulateContract({
        address: account,
        abi,
        functionName: 'execute',
        args: [to, 1n, '0x'],
        account: stranger.address,
      }),
    ).rejects.toThrow('Unauthorized')
  })

  test('behavior: upgradeToAndCall moves the ERC-1967 slot', async () => {
    const { client } = chain
    const target = modularAccountAddresses.modularAccountV2.storageImplementation
    await expect(
      client.simulateContract({
        address: account,
        abi,
        functionName: 'upgradeToAndCall',
        args: [target, '0x'],
        account: stranger.address,
      }),
    ).rejects.toThrow('Unauthorized')
    const hash = await client.writeContract({
      address: account,
      abi,
      functionName: 'upgradeToAndCall',
      args: [target, '0x'],
      account: owner,
    })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(
      getAddress(
        `0x${(await client.getStorageAt({ address: account, slot: implementationSlot }))?.slice(26)}`,
      ),
    ).toBe(target)
    expect(await read('getFallbackSignerData')).toEqual([owner.address, false])
  })

  test('behavior: updateFallbackSignerData hands the account to a new owner', async () => {
    const { client } = chain
    const hash = await client.writeContract({
      address: account,
      abi,
      functionName: 'updateFallbackSignerData',
      args: [stranger.address, false],
      account: owner,
    })
    await client.waitForTransactionReceipt({ hash })
    expect(await validate(signedBy(stranger))).toBe(0n)
    expect(await validate(signedBy(owner))).toBe(1n)
    await expect(
      client.simulateContract({
        address: account,
        abi,
        functionName: 'updateFallbackSignerData',
        args: [owner.address, false],
        account: owner.address,
      }),
    ).rejects.toThrow('Unauthorized')
  })
})
