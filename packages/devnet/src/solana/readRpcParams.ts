import { type Address, isAddress } from '@solana/kit'
import { SolanaRpcError, solanaRpcErrorCodes } from './SolanaRpcError.js'

const invalid = (message: string) =>
  new SolanaRpcError(solanaRpcErrorCodes.INVALID_PARAMS, `Invalid params: ${message}`)

/**
 * Readers for positional JSON-RPC params that refuse bad ones with -32602 (`Invalid params: …`), as a node does.
 *
 * @example
 * const address = readRpcParams.address(params, 0)
 * const config = readRpcParams.config(params, 1)
 */
export const readRpcParams = {
  /** A base58 address at `index`. */
  address(params: readonly unknown[], index: number): Address {
    const value = params[index]
    if (typeof value !== 'string' || !isAddress(value))
      throw invalid(`param ${index} must be a base58 address, got ${JSON.stringify(value) ?? 'nothing'}`)
    return value
  },
  /** A non-empty string at `index`. */
  string(params: readonly unknown[], index: number, what: string): string {
    const value = params[index]
    if (typeof value !== 'string' || value === '') throw invalid(`param ${index} must be ${what}`)
    return value
  },
  /** An unsigned integer (u64) at `index`. */
  u64(params: readonly unknown[], index: number, what: string): bigint {
    const value = params[index]
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
      throw invalid(
        `param ${index} must be ${what} (an unsigned integer), got ${JSON.stringify(value) ?? 'nothing'}`,
      )
    return BigInt(value)
  },
  /** A list of strings at `index`, at most `max` long. */
  strings(params: readonly unknown[], index: number, what: string, max: number): string[] {
    const value = params[index]
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string'))
      throw invalid(`param ${index} must be a list of ${what}`)
    if (value.length > max) throw invalid(`too many inputs provided; max ${max}`)
    return value
  },
  /** The optional configuration object at `index` (`{}` when absent). */
  config(params: readonly unknown[], index: number): Record<string, unknown> {
    const value = params[index]
    if (value === undefined || value === null) return {}
    if (typeof value !== 'object' || Array.isArray(value))
      throw invalid(`param ${index} must be a configuration object`)
    return value as Record<string, unknown>
  },
}
