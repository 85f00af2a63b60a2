import { expect, test } from 'vitest'
import { base, baseSepolia } from '../chains/chains.js'
import { createConfig } from '../createConfig.js'
import type { Connection } from '../store/CoreState.js'
import { getConnection } from './getConnection.js'
import { setChain } from './setChain.js'
import { watchConnection } from './watchConnection.js'

const create = () =>
  createConfig({
    connection: { rpcUrl: 'https://signer.example.com' },
    chain: base,
    chains: [
      { chain: base, policyId: 'pol_base' },
      { chain: baseSepolia, policyId: 'pol_sepolia' },
    ],
  })

test('default: watchConnection (Account Kit name) reports the connection setChain moves to', () => {
  const config = create()
  const seen: [Connection, Connection][] = []
  const unwatch = watchConnection(config)((connection, previous) => seen.push([connection, previous]))
  setChain(config, baseSepolia)
  expect(seen).toHaveLength(1)
  expect(seen[0]?.[0]).toBe(getConnection(config))
  expect(seen[0]?.[0]).toMatchObject({ chain: baseSepolia, policyId: 'pol_sepolia' })
  expect(seen[0]?.[1]).toMatchObject({ chain: base, policyId: 'pol_base' })
  setChain(config, baseSepolia) // the same chain: nothing to report
  expect(seen).toHaveLength(1)
  unwatch()
  setChain(config, base)
  expect(seen).toHaveLength(1)
})
