import type { SolanaConnection } from '@sigil/core'
import { createContext } from 'react'

export type SigilSolanaContextValue = {
  /** The Solana RPC endpoint; for sponsored transactions the Sigil gateway's `/rpc/solana-…/<apiKey>`. */
  connection: SolanaConnection
  /** A Solana sponsorship policy: when set, `useSolanaTransaction` has the gateway's fee payer pay. */
  policyId?: string | undefined
}

/**
 * The app's Solana settings for the Solana hooks (Account Kit's `AlchemySolanaWeb3Context`): the
 * connection and an optional sponsorship policy. The hooks' own options take precedence.
 *
 * @example
 * <SigilSolanaContext.Provider value={{ connection: { rpcUrl: gatewayUrl }, policyId }}>
 *   <SendSol />
 * </SigilSolanaContext.Provider>
 */
export const SigilSolanaContext = createContext<SigilSolanaContextValue | null>(null)
