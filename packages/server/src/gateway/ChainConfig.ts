import type { EntryPointVersion } from '@sigil/protocol'
import type { Address } from 'viem'

/** An EVM chain the RPC gateway serves at `/rpc/<numeric id>`. */
export type EvmChainConfig = {
  /** Omitted or `'evm'`. */
  type?: 'evm' | undefined
  id: number
  /** The chain's node: every method that is not a bundler or gateway method goes here. */
  rpcUrl: string
  /** The ERC-4337 bundler (`eth_sendUserOperation`, …); without it those methods are refused. */
  bundlerUrl?: string | undefined
  /** Sigil verifying paymaster per EntryPoint version; sponsorship works for the versions listed. */
  paymasters?: Partial<Record<EntryPointVersion, Address>> | undefined
}

/** A Solana cluster the RPC gateway serves at `/rpc/<id>` (e.g. `/rpc/solana-localnet`). */
export type SolanaChainConfig = {
  type: 'solana'
  /** `solana-<name>` (lowercase letters, digits and dashes), e.g. `solana-localnet`, `solana-devnet`. */
  id: string
  /** The cluster's JSON-RPC node: every method but `alchemy_requestFeePayer` goes here. */
  rpcUrl: string
}

/** One chain the RPC gateway serves: EVM (numeric id) or Solana (`solana-…` id). */
export type ChainConfig = EvmChainConfig | SolanaChainConfig

/** What a Solana chain id looks like: `solana-localnet`, `solana-devnet`, `solana-mainnet-beta`. */
export const solanaChainIdPattern = /^solana(-[a-z0-9]+)+$/
