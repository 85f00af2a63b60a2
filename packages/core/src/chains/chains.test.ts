import { expect, test } from 'vitest'
import * as allChains from './chains.js'
import { sigilDevnet } from './sigilDevnet.js'

// The public chains; the devnet is tested on its own below.
const { sigilDevnet: devnetFromList, ...chains } = allChains

test('default: the supported chains (docs/account-kit.md#core) and the mainstream EVM chains, by id', () => {
  expect(
    Object.fromEntries(
      Object.entries(chains)
        .map(([name, chain]) => [name, chain.id])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    ),
  ).toMatchInlineSnapshot(`
    {
      "arbitrum": 42161,
      "arbitrumNova": 42170,
      "arbitrumSepolia": 421614,
      "base": 8453,
      "baseSepolia": 84532,
      "beraChainBartio": 80084,
      "fraxtal": 252,
      "inkMainnet": 57073,
      "inkSepolia": 763373,
      "mainnet": 1,
      "monadTestnet": 10143,
      "opbnbMainnet": 204,
      "opbnbTestnet": 5611,
      "optimism": 10,
      "optimismSepolia": 11155420,
      "polygon": 137,
      "polygonAmoy": 80002,
      "riseTestnet": 11155931,
      "sepolia": 11155111,
      "shape": 360,
      "shapeSepolia": 11011,
      "soneiumMainnet": 1868,
      "soneiumMinato": 1946,
      "unichainMainnet": 130,
      "unichainSepolia": 1301,
      "worldChain": 480,
      "worldChainSepolia": 4801,
      "zora": 7777777,
      "zoraSepolia": 999999999,
    }
  `)
})

test('behavior: viem definitions with a name and a native currency', () => {
  for (const chain of Object.values(chains)) {
    expect(chain.name.length).toBeGreaterThan(0)
    expect(chain.nativeCurrency.decimals).toBe(18)
    expect(chain.rpcUrls.default.http[0]).toMatch(/^https:\/\//)
  }
})

test('behavior: the devnet chain', () => {
  expect(devnetFromList).toBe(sigilDevnet)
  expect(sigilDevnet).toMatchObject({
    id: 31337,
    name: 'Sigil Devnet',
    nativeCurrency: { symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
    testnet: true,
  })
})
