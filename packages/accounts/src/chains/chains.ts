/**
 * The public chains Sigil's smart accounts support (docs/account-kit.md#smart-accounts), viem's own definitions
 * under the names `@account-kit/infra` uses. None carries a gateway URL: add the Sigil server's with
 * `defineSigilChain({ chain, serverUrl })`.
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
