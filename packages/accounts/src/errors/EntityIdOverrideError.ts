import { BaseError } from '@sigil/protocol'

/**
 * A ModularAccountV2 override (another account address in 7702 mode) asked for entity id 0, which is
 * reserved for the account's owner.
 *
 * @example
 * await toModularAccountV2({ client, owner, mode: '7702', accountAddress: other }) // EntityIdOverrideError
 */
export class EntityIdOverrideError extends BaseError {
  override name = 'EntityIdOverrideError' as const

  constructor() {
    super('EntityId of 0 is reserved for the owner and cannot be used')
  }
}
