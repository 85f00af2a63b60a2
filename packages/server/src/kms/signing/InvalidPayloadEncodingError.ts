import { BaseError, type BaseErrorParameters } from '@sigil/protocol'

export type InvalidPayloadEncodingErrorType = InvalidPayloadEncodingError & {
  name: 'InvalidPayloadEncodingError'
}

/**
 * The payload cannot be read in its declared encoding (bad hex, malformed EIP-712 or EIP-7702 JSON,
 * a NO_OP digest that is not 32 bytes) or the encoding does not fit the key's curve. The message is
 * Turnkey's exact text (docs/protocol.md#sign-raw-payload); `details` says what is wrong without repeating the payload.
 *
 * @example
 * throw new InvalidPayloadEncodingError({ details: 'PAYLOAD_ENCODING_HEXADECIMAL payload is not hex' })
 */
export class InvalidPayloadEncodingError extends BaseError {
  override name = 'InvalidPayloadEncodingError' as const

  constructor(parameters: BaseErrorParameters = {}) {
    super('invalid payload encoding', parameters)
  }
}
