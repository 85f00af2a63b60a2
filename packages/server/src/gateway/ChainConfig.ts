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
  /**
   * The cluster's websocket (`ws://` or `wss://`), where the gateway's websocket on the same path proxies
   * the subscription methods (docs/protocol.md#solana-websocket). Omitted: `rpcUrl` in its ws form, same
   * port and path (`https://…` → `wss://…`), which is right for providers and the devnet's runtime; a
   * `solana-test-validator` or agave node listens on the HTTP port + 1, so give its URL here.
   */
  wsUrl?: string | undefined
}

/** One chain the RPC gateway serves: EVM (numeric id) or Solana (`solana-…` id). */
export type ChainConfig = EvmChainConfig | SolanaChainConfig

/** What a Solana chain id looks like: `solana-localnet`, `solana-devnet`, `solana-mainnet-beta`. */
export const solanaChainIdPattern = /^solana(-[a-z0-9]+)+$/

/**
 * The websocket the gateway proxies a Solana cluster's subscriptions to: its `wsUrl`, else its `rpcUrl`
 * with `http` → `ws` (`https` → `wss`), same host, port and path.
 *
 * @example
 * solanaWebsocketUrl({ type: 'solana', id: 'solana-localnet', rpcUrl: 'http://127.0.0.1:8899' }) // 'ws://127.0.0.1:8899/'
 */
export function solanaWebsocketUrl(chain: SolanaChainConfig): string {
  if (chain.wsUrl) return chain.wsUrl
  const url = new URL(chain.rpcUrl)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  return url.toString()
}
