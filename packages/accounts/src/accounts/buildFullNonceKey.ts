import { maxUint32, maxUint152 } from 'viem'
import { InvalidEntityIdError } from '../errors/InvalidEntityIdError.js'
import { InvalidNonceKeyError } from '../errors/InvalidNonceKeyError.js'

export type BuildFullNonceKeyParameters = {
  /** The caller's key, the top 152 bits; default 0. At most `2**152 - 1`. */
  nonceKey?: bigint | undefined
  /** The validation entity, at most `2**32 - 1`; 0 is the owner of a semi-modular account. */
  entityId: number
  /** Global validation (may call any function); default true. */
  isGlobalValidation?: boolean | undefined
  /** The user operation carries a deferred action. */
  isDeferredAction?: boolean | undefined
}

/**
 * ModularAccountV2's 192-bit EntryPoint nonce key (docs/account-kit.md#smart-accounts):
 * `(nonceKey << 40) + (entityId << 8) + (isGlobalValidation ? 1 : 0) + (isDeferredAction ? 2 : 0)`.
 * Throws `InvalidNonceKeyError` / `InvalidEntityIdError` out of range.
 *
 * @example
 * buildFullNonceKey({ entityId: 0 }) // 1n
 */
export function buildFullNonceKey({
  nonceKey = 0n,
  entityId,
  isGlobalValidation = true,
  isDeferredAction = false,
}: BuildFullNonceKeyParameters): bigint {
  if (nonceKey < 0n || nonceKey > maxUint152) throw new InvalidNonceKeyError(nonceKey)
  assertEntityId(entityId)
  return (
    (nonceKey << 40n) +
    (BigInt(entityId) << 8n) +
    (isGlobalValidation ? 1n : 0n) +
    (isDeferredAction ? 2n : 0n)
  )
}

/** Throws `InvalidEntityIdError` unless `entityId` is an integer in `[0, 2**32 - 1]`. */
export function assertEntityId(entityId: number): void {
  if (!Number.isInteger(entityId) || entityId < 0 || BigInt(entityId) > maxUint32)
    throw new InvalidEntityIdError(entityId)
}
