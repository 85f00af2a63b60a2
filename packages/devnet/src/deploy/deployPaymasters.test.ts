import { getPaymasterHash } from '@sigil/protocol'
import { type Address, concat, encodeAbiParameters, type Hex, parseEther } from 'viem'
import { toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type StartTestChainReturnType, startTestChain } from '../test/startTestChain.js'
import { anvilAccounts } from './anvilAccounts.js'
import { deployEntryPoints } from './deployEntryPoints.js'
import { deployPaymasters } from './deployPaymasters.js'
import type { EntryPoints } from './EntryPoints.js'
import type { Paymasters } from './Paymasters.js'
import { paymasterArtifacts } from './paymasterArtifacts.js'
import { setPaymasterSigners } from './setPaymasterSigners.js'

const signer = privateKeyToAccount(generatePrivateKey())
const stranger = privateKeyToAccount(generatePrivateKey())
const dummySignature: Hex =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'
const validUntil = 2_000_000_000
const validAfter = 1_000
const window = (BigInt(validUntil) << 160n) | (BigInt(validAfter) << 208n)

const operation = {
  sender: anvilAccounts[5].address,
  nonce: 3n,
  callData: '0xb61d27f6',
  callGasLimit: 50_000n,
  verificationGasLimit: 120_000n,
  preVerificationGas: 45_000n,
  maxFeePerGas: 3_000_000_000n,
  maxPriorityFeePerGas: 1_000_000_000n,
  signature: '0x',
} as const

describe('deployPaymasters', () => {
  let chain: StartTestChainReturnType
  let entryPoints: EntryPoints
  let paymasters: Paymasters
  beforeAll(async () => {
    chain = await startTestChain()
    entryPoints = await deployEntryPoints(chain.client)
    paymasters = await deployPaymasters(chain.client, { entryPoints, signer: signer.address })
  })
  afterAll(() => chain?.stop())

  /** Calls validatePaymasterUserOp as the EntryPoint (an eth_call from its address) with `signature`. */
  async function validate(version: '0.6' | '0.7' | '0.8', sign: (hash: Hex) => Promise<Hex>, from?: Address) {
    const paymaster = paymasters[version]
    const encodedWindow = encodeAbiParameters(
      [{ type: 'uint48' }, { type: 'uint48' }],
      [validUntil, validAfter],
    )
    const hash = getPaymasterHash({
      entryPointVersion: version,
      paymaster,
      chainId: 31337,
      validUntil,
      validAfter,
      userOperation:
        version === '0.6'
          ? { ...operation, initCode: '0x5fbdb2315678afecb367f032d93f642f64180aa3' }
          : { ...operation, paymasterVerificationGasLimit: 90_000n, paymasterPostOpGasLimit: 0n },
    })
    const signature = await sign(hash)
    if (version === '0.6') {
      const { abi } = paymasterArtifacts['0.6']
      const userOp = {
        ...operation,
        initCode: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
        paymasterAndData: concat([paymaster, encodedWindow, signature]),
      } as const
      const onChain = await chain.client.readContract({
        address: paymaster,
        abi,
        functionName: 'getHash',
        args: [userOp, validUntil, validAfter],
      })
      expect(onChain).toBe(hash)
      const [, validationData] = await chain.client.readContract({
        address: paymaster,
        abi,
        functionName: 'validatePaymasterUserOp',
        args: [userOp, `0x${'00'.repeat(32)}`, 0n],
        account: from ?? entryPoints['0.6'],
      })
      return validationData
    }
    const { abi } = paymasterArtifacts[version]
    const packed = toPackedUserOperation({
      ...operation,
      paymaster,
      paymasterVerificationGasLimit: 90_000n,
      paymasterPostOpGasLimit: 0n,
      paymasterData: concat([encodedWindow, signature]),
    } as UserOperation<'0.7'>)
    const onChain = await chain.client.readContract({
      address: paymaster,
      abi,
      functionName: 'getHash',
      args: [packed, validUntil, validAfter],
    })
    expect(onChain).toBe(hash)
    const [, validationData] = await chain.client.readContract({
      address: paymaster,
      abi,
      functionName: 'validatePaymasterUserOp',
      args: [packed, `0x${'00'.repeat(32)}`, 0n],
      account: from ?? entryPoints[version],
    })
    return validationData
  }

  test('default', async () => {
    for (const version of ['0.6', '0.7', '0.8'] as const) {
      const { abi } = paymasterArtifacts[version]
      const address = paymasters[version]
      const read = (functionName: 'owner' | 'signer' | 'entryPoint' | 'getDeposit') =>
        chain.client.readContract({ address, abi, functionName })
      expect(await read('entryPoint')).toBe(entryPoints[version])
      expect(await read('owner')).toBe(anvilAccounts[0].address)
      expect(await read('signer')).toBe(signer.address)
      expect(await read('getDeposit')).toBe(parseEther('100'))
    }
  })

  test('behavior: the addresses are the same on every devnet and a second call changes nothing', async () => {
    expect(await deployPaymasters(chain.client, { entryPoints, signer: signer.address })).toEqual(paymasters)
    expect(paymasters).toEqual({
      '0.6': '0xdf78dAa7C0Ff5d9C3Aa7E422C592a2DCF9d839A2',
      '0.7': '0xc05349D4d4D3d2c1eA3bae6994C91cAFF04be3dC',
      '0.8': '0xB05B3503BFA7D1A80a1753c1daD341Fa9C014540',
    })
  })

  test("behavior: the signer's EIP-191 signature over getHash validates, with the window packed", async () => {
    for (const version of ['0.6', '0.7', '0.8'] as const)
      expect(await validate(version, (hash) => signer.signMessage({ message: { raw: hash } }))).toBe(window)
  })

  test('behavior: a wrong signer or the dummy signature returns SIG_VALIDATION_FAILED without reverting', async () => {
    for (const version of ['0.6', '0.7', '0.8'] as const) {
      expect(await validate(version, (hash) => stranger.signMessage({ message: { raw: hash } }))).toBe(
        window | 1n,
      )
      expect(await validate(version, async () => dummySignature)).toBe(window | 1n)
    }
  })

  test('behavior: setPaymasterSigners moves sponsorship to a new signer', async () => {
    await setPaymasterSigners(chain.client, paymasters, stranger.address)
    expect(await validate('0.7', (hash) => stranger.signMessage({ message: { raw: hash } }))).toBe(window)
    expect(await validate('0.7', (hash) => signer.signMessage({ message: { raw: hash } }))).toBe(window | 1n)
    await setPaymasterSigners(chain.client, paymasters, signer.address)
  })

  test('behavior: deposit() adds to the EntryPoint deposit and the owner withdraws with withdrawTo', async () => {
    const { abi } = paymasterArtifacts['0.8']
    const address = paymasters['0.8']
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const getDeposit = () => chain.client.readContract({ address, abi, functionName: 'getDeposit' })
    const before = await getDeposit()
    const deposited = await chain.client.writeContract({
      address,
      abi,
      functionName: 'deposit',
      value: parseEther('2'),
    })
    await chain.client.waitForTransactionReceipt({ hash: deposited })
    expect(await getDeposit()).toBe(before + parseEther('2'))
    const withdrawn = await chain.client.writeContract({
      address,
      abi,
      functionName: 'withdrawTo',
      args: [recipient, parseEther('3')],
    })
    await chain.client.waitForTransactionReceipt({ hash: withdrawn })
    expect(await getDeposit()).toBe(before - parseEther('1'))
    expect(await chain.client.getBalance({ address: recipient })).toBe(parseEther('3'))
    await expect(
      chain.client.simulateContract({
        address,
        abi,
        functionName: 'withdrawTo',
        args: [recipient, 1n],
        account: anvilAccounts[3].address,
      }),
    ).rejects.toThrow('NotOwner')
  })

  test('error: only the EntryPoint may validate, only the owner may set the signer', async () => {
    await expect(
      validate('0.8', (hash) => signer.signMessage({ message: { raw: hash } }), anvilAccounts[3].address),
    ).rejects.toThrow('NotEntryPoint')
    await expect(
      chain.client.simulateContract({
        address: paymasters['0.6'],
        abi: paymasterArtifacts['0.6'].abi,
        functionName: 'setSigner',
        args: [stranger.address],
        account: anvilAccounts[3].address,
      }),
    ).rejects.toThrow('NotOwner')
  })
})
