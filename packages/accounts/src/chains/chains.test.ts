import { expect, test } from 'vitest'
import * as chains from './chains.js'
import { sigilDevnet } from './sigilDevnet.js'

test('default: viem chain definitions under the reference names', () => {
  expect(Object.keys(chains).length).toBe(29)
  expect(chains.worldChain.id).toBe(480)
  expect(chains.monadTestnet.id).toBe(10143)
  for (const chain of Object.values(chains)) expect(chain.nativeCurrency.decimals).toBe(18)
})

test('behavior: the devnet chain', () => {
  expect(sigilDevnet).toMatchObject({
    id: 31337,
    name: 'Sigil Devnet',
    rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
    testnet: true,
  })
})
