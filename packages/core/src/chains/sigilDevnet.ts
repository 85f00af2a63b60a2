import { type Chain, defineChain } from 'viem'

/**
 * The local development chain of Sigil's dev stack (`@sigil/devnet`: an anvil node on
 * 127.0.0.1:8545 with the EntryPoints, account factories, bundler and paymaster).
 *
 * @example
 * const config = createConfig({ connection: { rpcUrl: 'http://localhost:8787' }, chain: sigilDevnet })
 */
export const sigilDevnet: Chain = defineChain({
  id: 31337,
  name: 'Sigil Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  testnet: true,
})
