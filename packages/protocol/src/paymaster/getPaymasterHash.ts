import { keccak_256 } from '@noble/hashes/sha3.js'
import { bytesToHex } from '../encoding/bytesToHex.js'
import { hexToBytes } from '../encoding/hexToBytes.js'
import { InvalidEncodingError } from '../errors/InvalidEncodingError.js'
import type { EntryPointVersion } from './EntryPointVersion.js'

type Address = `0x${string}`
type Hex = `0x${string}`

/** The user operation fields the paymaster hash covers (viem's `UserOperation` of any version fits). */
export type PaymasterUserOperation = {
  sender: Address
  nonce: bigint
  /** v0.6. */
  initCode?: Hex | undefined
  /** v0.7 / v0.8 (`initCode` = factory ‖ factoryData). */
  factory?: Address | undefined
  factoryData?: Hex | undefined
  callData: Hex
  callGasLimit: bigint
  verificationGasLimit: bigint
  preVerificationGas: bigint
  maxFeePerGas: bigint
  maxPriorityFeePerGas: bigint
  paymasterVerificationGasLimit?: bigint | undefined
  paymasterPostOpGasLimit?: bigint | undefined
}

export type GetPaymasterHashParameters = {
  entryPointVersion: EntryPointVersion
  paymaster: Address
  chainId: number
  /** Seconds since the epoch. */
  validUntil: number
  validAfter: number
  userOperation: PaymasterUserOperation
}

/** `value` as a big-endian unsigned integer of `bytes` bytes; throws when it does not fit. */
function toUint(value: bigint | number, bytes: number): Uint8Array {
  const integer = BigInt(value)
  if (integer < 0n || integer >= 1n << BigInt(bytes * 8))
    throw new InvalidEncodingError('invalid paymaster hash input', {
      details: `${integer} is not a uint${bytes * 8}`,
    })
  return hexToBytes(integer.toString(16).padStart(bytes * 2, '0'))
}

/** An ABI head word: the value right-aligned in 32 bytes. */
function toWord(bytes: Uint8Array): Uint8Array {
  const word = new Uint8Array(32)
  word.set(bytes, 32 - bytes.length)
  return word
}

function toAddressWord(address: Address): Uint8Array {
  const bytes = hexToBytes(address)
  if (bytes.length !== 20)
    throw new InvalidEncodingError('invalid paymaster hash input', {
      details: `${address} is not an address`,
    })
  return toWord(bytes)
}

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/** Two uint128 in one word, `high ‖ low` (v0.7's packed gas limits and fees). */
const packUint128 = (high: bigint, low: bigint) => concat([toUint(high, 16), toUint(low, 16)])

/**
 * The hash a Sigil paymaster's `getHash(userOp, validUntil, validAfter)` returns and its signer signs
 * (EIP-191): keccak-256 of the ABI encoding of the operation without its paymaster signature (for
 * v0.7/v0.8 with the packed gas limits and fees, and the paymaster gas limits), the chain id, the
 * paymaster address and the validity window (docs/protocol.md#gateway-methods).
 *
 * @example
 * const hash = getPaymasterHash({ entryPointVersion: '0.7', paymaster, chainId: 31337, validUntil, validAfter: 0, userOperation })
 */
export function getPaymasterHash(parameters: GetPaymasterHashParameters): Hex {
  const { entryPointVersion, paymaster, chainId, validUntil, validAfter, userOperation: op } = parameters
  const keccak = (hex: Hex) => keccak_256(hexToBytes(hex))
  const tail = [
    toWord(toUint(chainId, 32)),
    toAddressWord(paymaster),
    toWord(toUint(validUntil, 6)),
    toWord(toUint(validAfter, 6)),
  ]
  if (entryPointVersion === '0.6')
    return `0x${bytesToHex(
      keccak_256(
        concat([
          toAddressWord(op.sender),
          toUint(op.nonce, 32),
          keccak(op.initCode ?? '0x'),
          keccak(op.callData),
          toUint(op.callGasLimit, 32),
          toUint(op.verificationGasLimit, 32),
          toUint(op.preVerificationGas, 32),
          toUint(op.maxFeePerGas, 32),
          toUint(op.maxPriorityFeePerGas, 32),
          ...tail,
        ]),
      ),
    )}`
  const initCode: Hex = op.factory ? `${op.factory}${(op.factoryData ?? '0x').slice(2)}` : '0x'
  return `0x${bytesToHex(
    keccak_256(
      concat([
        toAddressWord(op.sender),
        toUint(op.nonce, 32),
        keccak(initCode),
        keccak(op.callData),
        packUint128(op.verificationGasLimit, op.callGasLimit),
        packUint128(op.paymasterVerificationGasLimit ?? 0n, op.paymasterPostOpGasLimit ?? 0n),
        toUint(op.preVerificationGas, 32),
        packUint128(op.maxPriorityFeePerGas, op.maxFeePerGas),
        ...tail,
      ]),
    ),
  )}`
}
