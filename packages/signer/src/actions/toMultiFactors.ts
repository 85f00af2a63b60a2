import type { MultiFactor } from '../types.js'

/**
 * The factors of an MFA-required OAuth result (`alchemy-mfa-factors` JSON, or the popup's
 * `alchemyMultiFactors`), keeping only well-formed entries; [] for anything else.
 *
 * @example
 * toMultiFactors('[{"multiFactorId":"f1","multiFactorType":"totp"}]') // [{ multiFactorId: 'f1', multiFactorType: 'totp' }]
 */
export function toMultiFactors(value: unknown): MultiFactor[] {
  let parsed = value
  if (typeof value === 'string')
    try {
      parsed = JSON.parse(value)
    } catch {
      return []
    }
  if (!Array.isArray(parsed)) return []
  return parsed.flatMap((entry: unknown) => {
    const { multiFactorId, multiFactorType } = (entry ?? {}) as Record<string, unknown>
    return typeof multiFactorId === 'string' && multiFactorId && typeof multiFactorType === 'string'
      ? [{ multiFactorId, multiFactorType }]
      : []
  })
}
