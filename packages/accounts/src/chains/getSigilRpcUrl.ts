import type { Chain } from 'viem'
import { assertRpcUrl } from './getGatewayUrl.js'

/**
 * The gateway URL a chain carries (`chain.rpcUrls.sigil.http[0]`, set by `defineSigilChain`). Throws
 * `InvalidRpcUrlError` ('Invalid RPC URL') when the chain has none or it is not a URL.
 *
 * @example
 * getSigilRpcUrl(defineSigilChain({ chain: sepolia, serverUrl })) // '<serverUrl>/rpc/11155111'
 */
export function getSigilRpcUrl(chain: Chain): string {
  const sigil = (chain.rpcUrls as { sigil?: { http?: readonly string[] } }).sigil
  return assertRpcUrl(sigil?.http?.[0])
}
