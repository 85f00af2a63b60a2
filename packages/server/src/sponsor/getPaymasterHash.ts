import {
  type Address,
  concat,
  encodeAbiParameters,
  type Hex,
  keccak256,
  numberToHex,
  parseAbiParameters,
} from 'viem'
import type { UserOperation } from 'viem/account-abstraction'
import type { EntryPointVersion } from '../gateway/EntryPointVersion.js'

export type GetPaymasterHashParameters = {
  userOperation: UserOperation
  version: EntryPointVersion
  chainId: number
  paymaster: Address
  /** Seconds since the epoch. */
  validUntil: number
  validAfter: number
}

const v06 = parseAbiParameters(
  'address, uint256, bytes32, bytes32, uint256, uint256, uint256, uint256, uint256, uint256, address, uint48, uint48',
)
const v07 = parseAbiParameters(
  'address, uint256, bytes32, bytes32, bytes32, uint256, uint256, bytes32, uint256, address, uint48, uint48',
)
const pad16 = (value: bigint | undefined) => numberToHex(value ?? 0n, { size: 16 })

/**
 * The hash a Sigil paymaster's `getHash(op, validUntil, validAfter)` returns: over the operation
 * without its paymaster signature (and, for v0.7/v0.8, including the paymaster gas limits), the
 * chain id and the paymaster address.
 *
 * @example
 * const hash = getPaymasterHash({ userOperation, version: '0.7', chainId: 31337, paymaster, validUntil, validAfter: 0 })
 */
export function getPaymasterHash(parameters: GetPaymasterHashParameters): Hex {
  const { userOperation: op, version, chainId, paymaster, validUntil, validAfter } = parameters
  if (version === '0.6')
    return keccak256(
      encodeAbiParameters(v06, [
        op.sender,
        op.nonce,
        keccak256(op.initCode ?? '0x'),
        keccak256(op.callData),
        op.callGasLimit,
        op.verificationGasLimit,
        op.preVerificationGas,
        op.maxFeePerGas,
        op.maxPriorityFeePerGas,
        BigInt(chainId),
        paymaster,
        validUntil,
        validAfter,
      ]),
    )
  const initCode = op.factory ? concat([op.factory, op.factoryData ?? '0x']) : '0x'
  return keccak256(
    encodeAbiParameters(v07, [
      op.sender,
      op.nonce,
      keccak256(initCode),
      keccak256(op.callData),
      concat([pad16(op.verificationGasLimit), pad16(op.callGasLimit)]),
      ((op.paymasterVerificationGasLimit ?? 0n) << 128n) | (op.paymasterPostOpGasLimit ?? 0n),
      op.preVerificationGas,
      concat([pad16(op.maxPriorityFeePerGas), pad16(op.maxFeePerGas)]),
      BigInt(chainId),
      paymaster,
      validUntil,
      validAfter,
    ]),
  )
}
