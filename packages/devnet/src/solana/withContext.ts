import type { SolanaRuntime } from './createSolanaRuntime.js'

/**
 * `{ context: { apiVersion, slot }, value }`, the wrapper of Agave's context-carrying answers (getBalance,
 * getAccountInfo, getLatestBlockhash, …).
 *
 * @example
 * withContext(runtime, 1_000_000_000n) // { context: { apiVersion: '3.0.0', slot: 12n }, value: 1000000000n }
 */
export function withContext<T>(runtime: SolanaRuntime, value: T) {
  return { context: { apiVersion: '3.0.0', slot: runtime.slot() }, value }
}
