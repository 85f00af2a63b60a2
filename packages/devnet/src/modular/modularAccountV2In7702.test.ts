import { concat, encodeFunctionData, type Hex, hashMessage, hashTypedData, parseEther, toHex } from 'viem'
import { getUserOperationHash, toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SemiModularAccount7702 } from '../artifacts/modular/SemiModularAccount7702.js'
import { deployModularAccounts } from '../deploy/deployModularAccounts.js'
import { type StartTestChainReturnType, startTestChain } from '../test/startTestChain.js'
import { dummySignature } from './accountTestConstants.js'
import { modularAccountAddresses } from './modularAccountAddresses.js'
import { validateUserOpAsEntryPoint } from './validateUserOpAsEntryPoint.js'

const { entryPoint, implementation } = modularAccountAddresses.modularAccountV2In7702
const abi = SemiModularAccount7702.abi
const eoa = privateKeyToAccount(generatePrivateKey())
const stranger = privateKeyToAccount(generatePrivateKey())
const account = eoa.address

describe('ModularAccountV2 in 7702 mode', () => {
  let chain: StartTestChainReturnType
  beforeAll(async () => {
    chain = await startTestChain()
    await deployModularAccounts(chain.client)
    await chain.client.setBalance({ address: account, value: parseEther('1') })
    // Anvil account #0 sends the type-4 transaction carrying the EOA's authorization (nonce = the EOA's nonce).
    const authorization = await eoa.signAuthorization({
      contractAddress: implementation,
      chainId: 31337,
      nonce: 0,
    })
    const hash = await chain.client.sendTransaction({ to: account, authorizationList: [authorization] })
    await chain.client.waitForTransactionReceipt({ hash })
  })
  afterAll(() => chain?.stop())

  const userOperation = (signature: Hex): UserOperation<'0.7'> => ({
    sender: account,
    nonce: 1n << 64n,
    callData: '0x',
    callGasLimit: 100_000n,
    verificationGasLimit: 500_000n,
    preVerificationGas: 50_000n,
    maxFeePerGas: 2_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
    signature,
  })
  const userOpHash = getUserOperationHash({
    userOperation: userOperation('0x'),
    entryPointAddress: entryPoint,
    entryPointVersion: '0.7',
    chainId: 31337,
  })
  const validate = (signature: Hex) =>
    validateUserOpAsEntryPoint(chain.client, {
      entryPoint,
      account,
      abi,
      userOperation: toPackedUserOperation(userOperation(signature)),
      userOpHash,
    })
  const read = <T>(functionName: string, args: readonly unknown[] = []) =>
    chain.client.readContract({ address: account, abi, functionName, args } as never) as Promise<T>

  test('default', async () => {
    expect(await chain.client.getCode({ address: account })).toBe(
      concat(['0xef0100', implementation.toLowerCase() as Hex]),
    )
    expect(await read('getFallbackSignerData')).toEqual([account, false])
    expect(await read('entryPoint')).toBe(entryPoint)
    expect(await read('accountId')).toBe('alchemy.sma-7702.1.0.0')
    expect(await read('getValidationData', [`0x${'00'.repeat(24)}`])).toEqual({
      validationFlags: 0,
      validationHooks: [],
      executionHooks: [],
      selectors: [],
    })
  })

  test('behavior: the EOA signs its own user operations (0xFF ‖ 0x00 ‖ sign(userOpHash))', async () => {
    expect(await validate(concat(['0xff00', await eoa.signMessage({ message: { raw: userOpHash } })]))).toBe(
      0n,
    )
    expect(
      await validate(concat(['0xff00', await stranger.signMessage({ message: { raw: userOpHash } })])),
    ).toBe(1n)
    expect(await validate(concat(['0xff00', dummySignature]))).toBe(1n)
  })

  test('behavior: isValidSignature takes the EOA signature of ReplaySafeHash in the EOA domain', async () => {
    const hash = hashMessage('hello from a delegated EOA')
    const typedData = {
      domain: { chainId: 31337, verifyingContract: account },
      types: { ReplaySafeHash: [{ name: 'hash', type: 'bytes32' }] },
      primaryType: 'ReplaySafeHash',
      message: { hash },
    } as const
    expect(await read('replaySafeHash', [hash])).toBe(hashTypedData(typedData))
    const pack = (signature: Hex) => concat(['0x00', toHex(0, { size: 4 }), '0xff', '0x00', signature])
    expect(await read('isValidSignature', [hash, pack(await eoa.signTypedData(typedData))])).toBe(
      '0x1626ba7e',
    )
    expect(await read('isValidSignature', [hash, pack(await stranger.signTypedData(typedData))])).toBe(
      '0xffffffff',
    )
  })

  test('behavior: the EOA calls execute on itself; a stranger is refused', async () => {
    const { client } = chain
    const to = privateKeyToAccount(generatePrivateKey()).address
    const data = encodeFunctionData({ abi, functionName: 'execute', args: [to, 4n, '0x'] })
    const hash = await client.sendTransaction({ account: eoa, to: account, data })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await client.getBalance({ address: to })).toBe(4n)
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
})
