import { describe, expect, test } from 'vitest'
import { InvalidEncodingError } from '../errors/InvalidEncodingError.js'
import type { EntryPointVersion } from './EntryPointVersion.js'
import { getPaymasterHash, type PaymasterUserOperation } from './getPaymasterHash.js'

const base = {
  sender: '0x1111111111111111111111111111111111111111',
  nonce: 0x0102030405060708090a0b0c0d0e0f10n << 64n,
  callData: '0xb61d27f6000000000000000000000000000000000000000000000000000000000000beef',
  callGasLimit: 100_000n,
  verificationGasLimit: 250_000n,
  preVerificationGas: 50_000n,
  maxFeePerGas: 3_000_000_000n,
  maxPriorityFeePerGas: 1_000_000_000n,
} as const
const common = {
  paymaster: '0x3333333333333333333333333333333333333333',
  chainId: 31337,
  validUntil: 1_767_225_600,
  validAfter: 1_735_689_600,
} as const

// Known answers: the server's viem-based implementation (and the devnet's) gave these for these inputs.
const vectors: {
  entryPointVersion: EntryPointVersion
  userOperation: PaymasterUserOperation
  hash: string
}[] = [
  {
    entryPointVersion: '0.6',
    userOperation: { ...base, initCode: '0x2222222222222222222222222222222222222222deadbeef' },
    hash: '0x9529a3207282c1d058746880810b142c94ef4aff985b9b8c07f01e49293f1a1d',
  },
  {
    entryPointVersion: '0.7',
    userOperation: {
      ...base,
      factory: '0x2222222222222222222222222222222222222222',
      factoryData: '0xdeadbeef',
      paymasterVerificationGasLimit: 60_000n,
      paymasterPostOpGasLimit: 20_000n,
    },
    hash: '0xc432586878b15bcbe9f7d48d6d29e12fd2297c7ee49e3f30756e153f7082b9e2',
  },
  {
    entryPointVersion: '0.8',
    userOperation: { ...base, paymasterVerificationGasLimit: 70_000n, paymasterPostOpGasLimit: 0n },
    hash: '0x505e1cc9927db77b147d9233819bf7552f95cf5bf0193c6a4bca55e34487cfbc',
  },
]

describe('getPaymasterHash', () => {
  test('default', () => {
    for (const { entryPointVersion, userOperation, hash } of vectors)
      expect(getPaymasterHash({ ...common, entryPointVersion, userOperation })).toBe(hash)
  })

  test('behavior: v0.7 and v0.8 hash alike; the validity window is covered', () => {
    const [, v07] = vectors
    const parameters = { ...common, userOperation: v07!.userOperation }
    expect(getPaymasterHash({ ...parameters, entryPointVersion: '0.8' })).toBe(v07!.hash)
    expect(getPaymasterHash({ ...parameters, entryPointVersion: '0.7', validUntil: 1 })).not.toBe(v07!.hash)
  })

  test('error: a value that does not fit its ABI type', () => {
    const userOperation = vectors[2]!.userOperation
    expect(() =>
      getPaymasterHash({ ...common, entryPointVersion: '0.8', userOperation, validUntil: 2 ** 48 }),
    ).toThrow(InvalidEncodingError)
    expect(() =>
      getPaymasterHash({
        ...common,
        entryPointVersion: '0.7',
        userOperation: { ...userOperation, callGasLimit: 1n << 128n },
      }),
    ).toThrow(InvalidEncodingError)
    expect(() =>
      getPaymasterHash({ ...common, entryPointVersion: '0.6', userOperation, paymaster: '0x33' }),
    ).toThrow(InvalidEncodingError)
  })
})
