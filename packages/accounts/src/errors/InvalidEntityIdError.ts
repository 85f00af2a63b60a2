import { BaseError } from '@sigil/protocol'

/**
 * A ModularAccountV2 validation entity id is not an integer in `[0, 2**32 - 1]`.
 *
 * @example
 * await toModularAccountV2({ client, owner, entityId: 2 ** 32 }) // InvalidEntityIdError
 */
export class InvalidEntityIdError extends BaseError {
  override name = 'InvalidEntityIdError' as const

  constructor(entityId: number) {
    super(`Entity ID used is ${entityId}, but must be less than or equal to uint32.max`)
  }
}
