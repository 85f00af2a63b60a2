import { type Address, concat, encodeAbiParameters, type Hex, hashMessage, parseEther, toHex } from 'viem'
import { getUserOperationHash, toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ModularAccountV2Factory } from '../artifacts/modular/ModularAccountV2Factory.js'
import { MultiOwnerModularAccount } from '../artifacts/modular/MultiOwnerModularAccount.js'
import { MultiOwnerModularAccountFactory } from '../artifacts/modular/MultiOwnerModularAccountFactory.js'
import { MultiOwnerPlugin } from '../artifacts/modular/MultiOwnerPlugin.js'
import { SemiModularAccountBytecode } from '../artifacts/modular/SemiModularAccountBytecode.js'
import { deployModularAccounts } from '../deploy/deployModularAccounts.js'
import { type StartTestChainReturnType, startTestChain } from '../test/startTestChain.js'
import { modularAccountAddresses } from './modularAccountAddresses.js'
import { validateUserOpAsEntryPoint } from './validateUserOpAsEntryPoint.js'

// Accounts owned by other accounts: an MA v1 account with a ModularAccountV2 among its owners (ERC-1271 owners),
// and a ModularAccountV2 whose fallback signer is an MA v1 account (signature type 0x01).
const v1 = modularAccountAddresses.multiOwnerModularAccount
const v2 = modularAccountAddresses.modularAccountV2
const eoa = privateKeyToAccount(generatePrivateKey())

describe('contract owners', () => {
  let chain: StartTestChainReturnType
  let smaOwnedByEoa: Address
  let maOwnedBySma: Address
  let maOwnedByEoa: Address
  let smaOwnedByMa: Address
  const create = async (call: {
    address: Address
    abi: never
    functionName: string
    args: readonly unknown[]
  }) => {
    const { result } = await chain.client.simulateContract(call)
    await chain.client.waitForTransactionReceipt({ hash: await chain.client.writeContract(call as never) })
    return result as Address
  }
  const createV1 = (owner: Address) =>
    create({
      address: v1.factory,
      abi: MultiOwnerModularAccountFactory.abi as never,
      functionName: 'createAccount',
      args: [0n, [owner]],
    })
  const createV2 = (owner: Address) =>
    create({
      address: v2.factory,
      abi: ModularAccountV2Factory.abi as never,
      functionName: 'createSemiModularAccount',
      args: [owner, 0n],
    })
  beforeAll(async () => {
    chain = await startTestChain()
    await deployModularAccounts(chain.client)
    smaOwnedByEoa = await createV2(eoa.address)
    maOwnedBySma = await createV1(smaOwnedByEoa)
    maOwnedByEoa = await createV1(eoa.address)
    smaOwnedByMa = await createV2(maOwnedByEoa)
  })
  afterAll(() => chain?.stop())

  /** What a ModularAccountV2 owned by `eoa` answers ERC-1271 for: the packed ReplaySafeHash signature. */
  const signAsSma = async (sma: Address, hash: Hex) =>
    concat([
      '0x00',
      toHex(0, { size: 4 }),
      '0xff',
      '0x00',
      await eoa.signTypedData({
        domain: { chainId: 31337, verifyingContract: sma },
        types: { ReplaySafeHash: [{ name: 'hash', type: 'bytes32' }] },
        primaryType: 'ReplaySafeHash',
        message: { hash },
      }),
    ])
  /** What an MA v1 account owned by `eoa` answers ERC-1271 for. */
  const signAsMa = (ma: Address, hash: Hex) =>
    eoa.signTypedData({
      domain: {
        name: 'Multi Owner Plugin',
        version: '1.0.0',
        chainId: 31337,
        verifyingContract: ma,
        salt: `${v1.multiOwnerPlugin.toLowerCase() as Hex}000000000000000000000000`,
      },
      types: { AlchemyModularAccountMessage: [{ name: 'message', type: 'bytes' }] },
      primaryType: 'AlchemyModularAccountMessage',
      message: { message: hash },
    })

  test('behavior: an MA v1 account accepts its contract owner’s ERC-1271 signatures (user operation and message)', async () => {
    const { client } = chain
    const hash = hashMessage('owned by an account')
    const digest = await client.readContract({
      address: v1.multiOwnerPlugin,
      abi: MultiOwnerPlugin.abi,
      functionName: 'getMessageHash',
      args: [maOwnedBySma, encodeAbiParameters([{ type: 'bytes32' }], [hash])],
    })
    const isValid = (signature: Hex) =>
      client.readContract({
        address: maOwnedBySma,
        abi: MultiOwnerModularAccount.abi,
        functionName: 'isValidSignature',
        args: [hash, signature],
      })
    expect(await isValid(await signAsSma(smaOwnedByEoa, digest))).toBe('0x1626ba7e')
    expect(await isValid(await signAsSma(maOwnedBySma, digest))).toBe('0xffffffff')

    const userOp = {
      sender: maOwnedBySma,
      nonce: 0n,
      initCode: '0x',
      callData: '0x',
      callGasLimit: 1n,
      verificationGasLimit: 1n,
      preVerificationGas: 1n,
      maxFeePerGas: 1n,
      maxPriorityFeePerGas: 1n,
      paymasterAndData: '0x',
      signature: '0x',
    } as const
    const userOpHash = getUserOperationHash({
      userOperation: userOp,
      entryPointAddress: v1.entryPoint,
      entryPointVersion: '0.6',
      chainId: 31337,
    })
    const signature = await signAsSma(smaOwnedByEoa, hashMessage({ raw: userOpHash }))
    expect(
      await validateUserOpAsEntryPoint(client, {
        entryPoint: v1.entryPoint,
        account: maOwnedBySma,
        abi: MultiOwnerModularAccount.abi,
        userOperation: { ...userOp, signature },
        userOpHash,
      }),
    ).toBe(0n)
  })

  test('behavior: a ModularAccountV2 with a contract signer takes signature type 0x01 (user operation and message)', async () => {
    const { client } = chain
    await client.setBalance({ address: smaOwnedByMa, value: parseEther('1') })
    const abi = SemiModularAccountBytecode.abi
    const hash = hashMessage('owned by an MA v1 account')
    const replaySafe = await client.readContract({
      address: smaOwnedByMa,
      abi,
      functionName: 'replaySafeHash',
      args: [hash],
    })
    const packed = (type: Hex, signature: Hex) =>
      concat(['0x00', toHex(0, { size: 4 }), '0xff', type, signature])
    const signature = await signAsMa(maOwnedByEoa, replaySafe)
    expect(
      await client.readContract({
        address: smaOwnedByMa,
        abi,
        functionName: 'isValidSignature',
        args: [hash, packed('0x01', signature)],
      }),
    ).toBe('0x1626ba7e')
    expect(
      await client.readContract({
        address: smaOwnedByMa,
        abi,
        functionName: 'isValidSignature',
        args: [hash, packed('0x00', signature)],
      }),
    ).toBe('0xffffffff')

    const userOp: UserOperation<'0.7'> = {
      sender: smaOwnedByMa,
      nonce: 1n << 64n,
      callData: '0x',
      callGasLimit: 1n,
      verificationGasLimit: 1n,
      preVerificationGas: 1n,
      maxFeePerGas: 1n,
      maxPriorityFeePerGas: 1n,
      signature: '0x',
    }
    const userOpHash = getUserOperationHash({
      userOperation: userOp,
      entryPointAddress: v2.entryPoint,
      entryPointVersion: '0.7',
      chainId: 31337,
    })
    const validate = async (signature: Hex) =>
      validateUserOpAsEntryPoint(client, {
        entryPoint: v2.entryPoint,
        account: smaOwnedByMa,
        abi,
        userOperation: toPackedUserOperation({ ...userOp, signature }),
        userOpHash,
      })
    expect(await validate(concat(['0xff01', await signAsMa(maOwnedByEoa, userOpHash)]))).toBe(0n)
    expect(await validate(concat(['0xff01', await signAsMa(smaOwnedByMa, userOpHash)]))).toBe(1n)
  })
})
