import { BaseError } from '@sigil/protocol'

/**
 * `toModularAccountV2` was given a `mode` other than `'default'` or `'7702'`.
 *
 * @example
 * await toModularAccountV2({ client, owner, mode: 'webauthn' as never }) // InvalidModularAccountModeError
 */
export class InvalidModularAccountModeError extends BaseError {
  override name = 'InvalidModularAccountModeError' as const

  constructor(mode: string) {
    super(`Invalid modular account mode: ${mode}`)
  }
}
