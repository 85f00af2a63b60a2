import type { Chain } from 'viem'
import { assertRpcUrl, getGatewayUrl } from './getGatewayUrl.js'

export type SigilChain = Chain & { rpcUrls: { sigil: { http: readonly [string] } } }

export type DefineSigilChainParameters = {
  chain: Chain
} & (
  | {
      /** The Sigil server; the gateway URL becomes `<serverUrl>/rpc/<chain.id>`. */
      serverUrl: string
      rpcUrl?: undefined
    }
  | {
      /** The chain's full gateway URL, e.g. `https://sigil.example.com/rpc/8453`. */
      rpcUrl: string
      serverUrl?: undefined
    }
)

/**
 * A copy of `chain` that carries its Sigil gateway URL at `rpcUrls.sigil.http[0]`, which
 * `createSmartAccountClient` and the `sigil()` transport read. Throws `InvalidRpcUrlError` for an
 * invalid URL.
 *
 * @example
 * const chain = defineSigilChain({ chain: baseSepolia, serverUrl: 'https://sigil.example.com' })
 * chain.rpcUrls.sigil.http[0] // 'https://sigil.example.com/rpc/84532'
 */
export function defineSigilChain(parameters: DefineSigilChainParameters): SigilChain {
  const { chain } = parameters
  const url =
    parameters.serverUrl !== undefined
      ? getGatewayUrl({ serverUrl: parameters.serverUrl, chainId: chain.id })
      : assertRpcUrl(parameters.rpcUrl)
  return { ...chain, rpcUrls: { ...chain.rpcUrls, sigil: { http: [url] } } }
}
