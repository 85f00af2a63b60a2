/**
 * A Solana JSON-RPC endpoint. For sponsored transactions it is the Sigil gateway, which answers
 * `alchemy_requestFeePayer` and forwards every node method, e.g.
 * `http://127.0.0.1:8787/rpc/solana-localnet/<apiKey>`.
 *
 * @example
 * const connection: SolanaConnection = { rpcUrl: 'http://127.0.0.1:8787/rpc/solana-localnet/sigil_…' }
 */
export type SolanaConnection = {
  /** The HTTP(S) URL that takes JSON-RPC 2.0 POSTs. */
  rpcUrl: string
}
