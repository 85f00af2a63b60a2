import { expect, test } from 'vitest'
import { base, baseSepolia, polygon } from '../chains/chains.js'
import { createConfig } from '../createConfig.js'
import { ChainNotFoundError } from '../errors/ChainNotFoundError.js'
import { getChain } from './getChain.js'
import { getConnection } from './getConnection.js'
import { setChain } from './setChain.js'
import { watchChain } from './watchChain.js'

const create = () =>
  createConfig({
    connection: { rpcUrl: 'https://signer.example.com' },
    chain: base,
    chains: [
      { chain: base, policyId: 'pol_base' },
      { chain: baseSepolia, policyId: 'pol_sepolia' },
    ],
  })

test('default: switches to a configured chain and its connection', () => {
  const config = create()
  const seen: number[] = []
  watchChain(config)((chain) => seen.push(chain.id))
  setChain(config, baseSepolia)
  expect(getChain(config)).toBe(baseSepolia)
  expect(getConnection(config)).toMatchObject({ chain: baseSepolia, policyId: 'pol_sepolia' })
  setChain(config, { ...baseSepolia }) // same id: no change reported
  expect(seen).toEqual([baseSepolia.id])
})

test('error: a chain that is not in the connections config', () => {
  const config = create()
  expect(() => setChain(config, polygon)).toThrowError(ChainNotFoundError)
  expect(() => setChain(config, polygon)).toThrowError(
    'Chain (Polygon) not found in connections config object',
  )
  expect(getChain(config)).toBe(base)
})
