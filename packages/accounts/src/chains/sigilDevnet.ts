import { type Chain, defineChain } from 'viem'

/**
 * The local chain of Sigil's dev stack (`@sigil/devnet`: anvil on 127.0.0.1:8545 with the EntryPoints,
 * the account contracts at their canonical addresses, a bundler and paymasters). Give it a gateway URL
 * with `defineSigilChain` before handing it to `createSmartAccountClient`.
 *
 * @example
 * const chain = defineSigilChain({ chain: sigilDevnet, serverUrl: 'http://127.0.0.1:8787' })
 */
export const sigilDevnet: Chain = defineChain({
  id: 31337,
  name: 'Sigil Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  testnet: true,
})
