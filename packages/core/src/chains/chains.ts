/**
 * The chains Sigil supports (spec §9, reference §5.1), under the names `@account-kit/infra` gives
 * them. Every one is viem's own definition (`viem/chains`: id, name, native currency, public RPC,
 * explorers); Sigil adds no provider RPC URLs, since a self-hosted stack brings its own node and
 * bundler per chain (`createConfig` `chains[].rpcUrl` / `transport`). Left out: the retired Goerli
 * and Mumbai testnets and the Mekong devnet, and chains viem does not define (Openloot Sepolia,
 * Gensyn Testnet, Fraxtal Sepolia), for which the reference gives no name or currency.
 */
export {
  arbitrum,
  arbitrumNova,
  arbitrumSepolia,
  base,
  baseSepolia,
  berachainTestnetbArtio as beraChainBartio,
  fraxtal,
  ink as inkMainnet,
  inkSepolia,
  mainnet,
  monadTestnet,
  opBNB as opbnbMainnet,
  opBNBTestnet as opbnbTestnet,
  optimism,
  optimismSepolia,
  polygon,
  polygonAmoy,
  riseTestnet,
  sepolia,
  shape,
  shapeSepolia,
  soneium as soneiumMainnet,
  soneiumMinato,
  unichain as unichainMainnet,
  unichainSepolia,
  worldchain as worldChain,
  worldchainSepolia as worldChainSepolia,
  zora,
  zoraSepolia,
} from 'viem/chains'
