import { BaseError, type BaseErrorParameters } from '@sigil/protocol'

export type UnsupportedSigningCurveErrorType = UnsupportedSigningCurveError & {
  name: 'UnsupportedSigningCurveError'
}

/**
 * The key's curve is not one this server signs with (only secp256k1 and ed25519).
 *
 * @example
 * throw new UnsupportedSigningCurveError({ details: 'CURVE_P256 keys cannot sign yet' })
 */
export class UnsupportedSigningCurveError extends BaseError {
  override name = 'UnsupportedSigningCurveError' as const

  constructor(parameters: BaseErrorParameters = {}) {
    super('unsupported curve', parameters)
  }
}
