import { BaseError, type BaseErrorParameters } from '@sigil/protocol'

export type InvalidHashFunctionErrorType = InvalidHashFunctionError & { name: 'InvalidHashFunctionError' }

/**
 * The hash function is unknown or does not fit the curve and encoding: ed25519 takes only
 * `HASH_FUNCTION_NOT_APPLICABLE`; ECDSA needs a digest, so not `HASH_FUNCTION_NOT_APPLICABLE` for
 * hex or text; EIP-712 and EIP-7702 payloads take `HASH_FUNCTION_NO_OP`. The message is
 * Turnkey's exact text (docs/protocol.md#sign-raw-payload).
 *
 * @example
 * throw new InvalidHashFunctionError({ details: 'CURVE_ED25519 signs with HASH_FUNCTION_NOT_APPLICABLE' })
 */
export class InvalidHashFunctionError extends BaseError {
  override name = 'InvalidHashFunctionError' as const

  constructor(parameters: BaseErrorParameters = {}) {
    super('invalid hash function', parameters)
  }
}
