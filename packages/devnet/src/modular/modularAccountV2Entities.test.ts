import {
  type Address,
  concat,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  hashMessage,
  hashTypedData,
  pad,
  parseAbiParameters,
  parseEther,
  toHex,
} from 'viem'
import { getUserOperationHash, toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ModularAccountV2Factory } from '../artifacts/modular/ModularAccountV2Factory.js'
import { SemiModularAccountBytecode } from '../artifacts/modular/SemiModularAccountBytecode.js'
import { SingleSignerValidationModule } from '../artifacts/modular/SingleSignerValidationModule.js'
import { deployModularAccounts } from '../deploy/deployModularAccounts.js'
import { type StartTestChainReturnType, startTestChain } from '../test/startTestChain.js'
import { dummySignature } from './accountTestConstants.js'
import { getSenderAddress } from './getSenderAddress.js'
import { modularAccountAddresses } from './modularAccountAddresses.js'
import { validateUserOpAsEntryPoint } from './validateUserOpAsEntryPoint.js'

// Entity ids other than 0: signers kept by the SingleSignerValidation module, whose domain is
// {chainId, verifyingContract: module, salt: 12 zero bytes ‖ account} (docs/account-kit.md#smart-accounts).
const { entryPoint, factory, singleSignerValidationModule: module } = modularAccountAddresses.modularAccountV2
const abi = SemiModularAccountBytecode.abi
const owner = privateKeyToAccount(generatePrivateKey())
const sessionKey = privateKeyToAccount(generatePrivateKey())
const stranger = privateKeyToAccount(generatePrivateKey())
const createAccountData = (entityId: number) =>
  encodeFunctionData({
    abi: ModularAccountV2Factory.abi,
    functionName: 'createAccount',
    args: [owner.address, 0n, entityId],
  })
const nonceKey = (entityId: bigint) => (entityId << 8n) + 1n
const pack1271 = (entityId: number, signature: Hex) =>
  concat(['0x00', toHex(entityId, { size: 4 }), '0xff', '0x00', signature])

describe('ModularAccountV2 signers at other entity ids', () => {
  let chain: StartTestChainReturnType
  let account: Address
  beforeAll(async () => {
    chain = await startTestChain()
    await deployModularAccounts(chain.client)
    account = await getSenderAddress(chain.client, {
      entryPoint,
      initCode: concat([factory, createAccountData(5)]),
    })
    await chain.client.waitForTransactionReceipt({
      hash: await chain.client.sendTransaction({ to: factory, data: createAccountData(5) }),
    })
    await chain.client.setBalance({ address: account, value: parseEther('1') })
  })
  afterAll(() => chain?.stop())

  const validate = async (signer: typeof owner, entityId: bigint, sender: Address = account) => {
    const unsigned: UserOperation<'0.7'> = {
      sender,
      nonce: nonceKey(entityId) << 64n,
      callData: '0x',
      callGasLimit: 1n,
      verificationGasLimit: 1n,
      preVerificationGas: 1n,
      maxFeePerGas: 1n,
      maxPriorityFeePerGas: 1n,
      signature: '0x',
    }
    const userOpHash = getUserOperationHash({
      userOperation: unsigned,
      entryPointAddress: entryPoint,
      entryPointVersion: '0.7',
      chainId: 31337,
    })
    const signature = concat(['0xff00', await signer.signMessage({ message: { raw: userOpHash } })])
    return validateUserOpAsEntryPoint(chain.client, {
      entryPoint,
      account: sender,
      abi,
      userOperation: toPackedUserOperation({ ...unsigned, signature }),
      userOpHash,
    })
  }
  const moduleTypedData = (hash: Hex) =>
    ({
      domain: { chainId: 31337, verifyingContract: module, salt: pad(account, { size: 32 }) },
      types: { ReplaySafeHash: [{ name: 'hash', type: 'bytes32' }] },
      primaryType: 'ReplaySafeHash',
      message: { hash },
    }) as const

  test('default', async () => {
    const { client } = chain
    expect(
      await client.readContract({
        address: factory,
        abi: ModularAccountV2Factory.abi,
        functionName: 'getAddress',
        args: [owner.address, 0n, 5],
      }),
    ).toBe(account)
    expect(
      await client.readContract({
        address: module,
        abi: SingleSignerValidationModule.abi,
        functionName: 'signers',
        args: [5, account],
      }),
    ).toBe(owner.address)
    expect(
      (await client.readContract({ address: account, abi, functionName: 'getFallbackSignerData' }))[0],
    ).toBe('0x0000000000000000000000000000000000000000')
  })

  test('behavior: the entity’s signer validates user operations with its entity id only', async () => {
    expect(await validate(owner, 5n)).toBe(0n)
    expect(await validate(owner, 0n)).toBe(1n)
    expect(await validate(owner, 6n)).toBe(1n)
    expect(await validate(stranger, 5n)).toBe(1n)
    const unsigned = {
      sender: account,
      nonce: nonceKey(5n) << 64n,
      callData: '0x',
      callGasLimit: 1n,
      verificationGasLimit: 1n,
      preVerificationGas: 1n,
      maxFeePerGas: 1n,
      maxPriorityFeePerGas: 1n,
    } as const
    const userOp = { ...unsigned, signature: concat(['0xff00', dummySignature]) }
    const userOpHash = getUserOperationHash({
      userOperation: userOp,
      entryPointAddress: entryPoint,
      entryPointVersion: '0.7',
      chainId: 31337,
    })
    expect(
      await validateUserOpAsEntryPoint(chain.client, {
        entryPoint,
        account,
        abi,
        userOperation: toPackedUserOperation(userOp),
        userOpHash,
      }),
    ).toBe(1n)
  })

  test('behavior: ERC-1271 for an entity signs ReplaySafeHash in the module domain salted with the account', async () => {
    const { client } = chain
    const hash = hashMessage('signed by entity 5')
    const typedData = moduleTypedData(hash)
    expect(
      await client.readContract({
        address: module,
        abi: SingleSignerValidationModule.abi,
        functionName: 'replaySafeHash',
        args: [account, hash],
      }),
    ).toBe(hashTypedData(typedData))
    const isValid = (signature: Hex) =>
      client.readContract({
        address: account,
        abi,
        functionName: 'isValidSignature',
        args: [hash, signature],
      })
    const signature = await owner.signTypedData(typedData)
    expect(await isValid(pack1271(5, signature))).toBe('0x1626ba7e')
    expect(await isValid(pack1271(0, signature))).toBe('0xffffffff')
    expect(await isValid(pack1271(5, await stranger.signTypedData(typedData)))).toBe('0xffffffff')
    const accountDomain = { ...typedData, domain: { chainId: 31337, verifyingContract: account } } as const
    expect(await isValid(pack1271(5, await owner.signTypedData(accountDomain)))).toBe('0xffffffff')
  })

  test('behavior: a semi-modular account adds a session key at entity 7 with installValidation', async () => {
    const { client } = chain
    const { result: semiModular } = await client.simulateContract({
      address: factory,
      abi: ModularAccountV2Factory.abi,
      functionName: 'createSemiModularAccount',
      args: [owner.address, 0n],
    })
    await client.waitForTransactionReceipt({
      hash: await client.writeContract({
        address: factory,
        abi: ModularAccountV2Factory.abi,
        functionName: 'createSemiModularAccount',
        args: [owner.address, 0n],
      }),
    })
    expect(semiModular).not.toBe(account)
    await client.setBalance({ address: owner.address, value: parseEther('1') })
    // The module's signer alone is not a validation of the account: it must be installed on the account.
    const transferSigner = encodeFunctionData({
      abi: SingleSignerValidationModule.abi,
      functionName: 'transferSigner',
      args: [7, sessionKey.address],
    })
    await client.waitForTransactionReceipt({
      hash: await client.writeContract({
        address: semiModular,
        abi,
        functionName: 'execute',
        args: [module, 0n, transferSigner],
        account: owner,
      }),
    })
    expect(await validate(sessionKey, 7n, semiModular)).toBe(1n)
    const validationConfig = concat([module, toHex(8, { size: 4 }), '0x07'])
    const installData = encodeAbiParameters(parseAbiParameters('uint32, address'), [8, sessionKey.address])
    await client.waitForTransactionReceipt({
      hash: await client.writeContract({
        address: semiModular,
        abi,
        functionName: 'installValidation',
        args: [validationConfig, [], installData, []],
        account: owner,
      }),
    })
    expect(
      await client.readContract({
        address: module,
        abi: SingleSignerValidationModule.abi,
        functionName: 'signers',
        args: [8, semiModular],
      }),
    ).toBe(sessionKey.address)
    expect(
      await client.readContract({
        address: semiModular,
        abi,
        functionName: 'getValidationData',
        args: [concat([module, toHex(8, { size: 4 })])],
      }),
    ).toEqual({ validationFlags: 7, validationHooks: [], executionHooks: [], selectors: [] })
    expect(await validate(sessionKey, 8n, semiModular)).toBe(0n)
    expect(await validate(owner, 0n, semiModular)).toBe(0n)
    expect(await validate(sessionKey, 0n, semiModular)).toBe(1n)
    await expect(
      client.simulateContract({
        address: semiModular,
        abi,
        functionName: 'installValidation',
        args: [validationConfig, [], installData, []],
        account: stranger,
      }),
    ).rejects.toThrow(/Unauthorized/)
    await client.waitForTransactionReceipt({
      hash: await client.writeContract({
        address: semiModular,
        abi,
        functionName: 'uninstallValidation',
        args: [
          concat([module, toHex(8, { size: 4 })]),
          encodeAbiParameters(parseAbiParameters('uint32'), [8]),
          [],
        ],
        account: owner,
      }),
    })
    expect(await validate(sessionKey, 8n, semiModular)).toBe(1n)
  })

  test('behavior: createAccount with entity id 0 makes the owner the fallback signer', async () => {
    const { client } = chain
    const zero = await getSenderAddress(client, {
      entryPoint,
      initCode: concat([factory, createAccountData(0)]),
    })
    await client.waitForTransactionReceipt({
      hash: await client.sendTransaction({ to: factory, data: createAccountData(0) }),
    })
    expect(await client.readContract({ address: zero, abi, functionName: 'getFallbackSignerData' })).toEqual([
      owner.address,
      false,
    ])
  })
})
