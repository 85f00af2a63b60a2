import { type Address, concat, encodeAbiParameters, type Hex, keccak256, pad, toHex } from 'viem'
import type { EntryPointVersion } from '../deploy/deployEntryPoints.js'

export type GetPaymasterHashParameters = {
  entryPointVersion: EntryPointVersion
  paymaster: Address
  chainId: number
  validUntil: number
  validAfter: number
  userOperation: {
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
}

const u = (type: string) => ({ type })

/**
 * The hash a Sigil paymaster's signer signs (EIP-191, `signMessage({ message: { raw: hash } })`), computed off
 * chain exactly as the contracts' `getHash(userOp, validUntil, validAfter)`.
 *
 * @example
 * const hash = getPaymasterHash({ entryPointVersion: '0.7', paymaster, chainId: 31337, validUntil, validAfter: 0, userOperation })
 */
export function getPaymasterHash(parameters: GetPaymasterHashParameters): Hex {
  const { entryPointVersion, paymaster, chainId, validUntil, validAfter, userOperation: op } = parameters
  if (entryPointVersion === '0.6')
    return keccak256(
      encodeAbiParameters(
        ['address', 'uint256', 'bytes32', 'bytes32', 'uint256', 'uint256', 'uint256', 'uint256', 'uint256']
          .concat(['uint256', 'address', 'uint48', 'uint48'])
          .map(u),
        [
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
        ],
      ),
    )
  const initCode = op.factory ? concat([op.factory, op.factoryData ?? '0x']) : '0x'
  const packed = (high: bigint, low: bigint) =>
    concat([pad(toHex(high), { size: 16 }), pad(toHex(low), { size: 16 })])
  return keccak256(
    encodeAbiParameters(
      ['address', 'uint256', 'bytes32', 'bytes32', 'bytes32', 'uint256', 'uint256', 'bytes32']
        .concat(['uint256', 'address', 'uint48', 'uint48'])
        .map(u),
      [
        op.sender,
        op.nonce,
        keccak256(initCode),
        keccak256(op.callData),
        packed(op.verificationGasLimit, op.callGasLimit),
        BigInt(packed(op.paymasterVerificationGasLimit ?? 0n, op.paymasterPostOpGasLimit ?? 0n)),
        op.preVerificationGas,
        packed(op.maxPriorityFeePerGas, op.maxFeePerGas),
        BigInt(chainId),
        paymaster,
        validUntil,
        validAfter,
      ],
    ),
  )
}
