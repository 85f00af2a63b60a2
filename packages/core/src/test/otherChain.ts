import { type Chain, defineChain } from 'viem'

/**
 * Test helper: a second configured chain (id 31338) with no node behind it: the provider's tests only switch
 * to it, never send on it.
 *
 * @example
 * createConfig({ …, chains: [{ chain: sigilDevnet }, { chain: otherChain }] })
 */
export const otherChain: Chain = defineChain({
  id: 31338,
  name: 'Other',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
})
