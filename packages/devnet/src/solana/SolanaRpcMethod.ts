import type { SolanaRuntime } from './createSolanaRuntime.js'

/**
 * One JSON-RPC method of the local Solana runtime: positional params in, the result out (bigints are written as
 * JSON integers); a `SolanaRpcError` becomes the JSON-RPC error.
 */
export type SolanaRpcMethod = (runtime: SolanaRuntime, params: readonly unknown[]) => unknown
