import type { EntryPointVersion } from '@sigil/protocol'
import { type Address, concat, encodeAbiParameters, type Hex, numberToHex, parseAbiParameters } from 'viem'

/** A well-formed 65-byte signature that recovers to no signer: paymaster stub data for gas estimation. */
export const dummyPaymasterSignature: Hex =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

const validity = parseAbiParameters('uint48, uint48')

export type PaymasterFields =
  | { paymasterAndData: Hex }
  | {
      paymaster: Address
      paymasterData: Hex
      paymasterVerificationGasLimit?: Hex | undefined
      paymasterPostOpGasLimit?: Hex | undefined
    }

/**
 * The paymaster fields of a user operation for a Sigil paymaster: v0.6 `paymasterAndData` =
 * paymaster ‖ abi.encode(validUntil, validAfter) ‖ signature; v0.7/v0.8 `paymaster` and
 * `paymasterData` = abi.encode(validUntil, validAfter) ‖ signature (the gas limits travel apart).
 *
 * @example
 * buildPaymasterFields({ version: '0.7', paymaster, validUntil, validAfter: 0, signature: dummyPaymasterSignature })
 */
export function buildPaymasterFields({
  version,
  paymaster,
  validUntil,
  validAfter,
  signature,
  gasLimits,
}: {
  version: EntryPointVersion
  paymaster: Address
  validUntil: number
  validAfter: number
  signature: Hex
  /** v0.7/v0.8: the paymaster gas limits to answer alongside. */
  gasLimits?: { verification: bigint; postOp: bigint } | undefined
}): PaymasterFields {
  const data = concat([encodeAbiParameters(validity, [validUntil, validAfter]), signature])
  if (version === '0.6') return { paymasterAndData: concat([paymaster, data]) }
  return {
    paymaster,
    paymasterData: data,
    ...(gasLimits
      ? {
          paymasterVerificationGasLimit: numberToHex(gasLimits.verification),
          paymasterPostOpGasLimit: numberToHex(gasLimits.postOp),
        }
      : {}),
  }
}
