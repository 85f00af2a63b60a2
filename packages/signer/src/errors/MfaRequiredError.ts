import { BaseError } from '@sigil/protocol'
import type { MultiFactorEntry } from '../types.js'

/**
 * The server needs second-factor codes (`/v1/auth` answered with `data.multiFactors`). Ask the user
 * for a TOTP code and call `authenticate` again with `multiFactors`.
 *
 * @example
 * catch (error) { if (error instanceof MfaRequiredError) showTotpPrompt(error.multiFactors) }
 */
export class MfaRequiredError extends BaseError {
  override name = 'MfaRequiredError' as const
  readonly multiFactors: MultiFactorEntry[]

  constructor(multiFactors: MultiFactorEntry[], parameters: { cause?: unknown } = {}) {
    super('MFA is required for this user', parameters)
    this.multiFactors = multiFactors
  }
}
