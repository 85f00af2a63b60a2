import type { Address } from 'viem'
import type { EntryPointVersion } from '../sponsor/getPaymasterHash.js'

/** One chain the RPC gateway serves at `/rpc/<id>`. */
export type ChainConfig = {
  id: number
  /** The chain's node: every method that is not a bundler or gateway method goes here. */
  rpcUrl: string
  /** The ERC-4337 bundler (`eth_sendUserOperation`, …); without it those methods are refused. */
  bundlerUrl?: string | undefined
  /** Sigil verifying paymaster per EntryPoint version; sponsorship works for the versions listed. */
  paymasters?: Partial<Record<EntryPointVersion, Address>> | undefined
}
