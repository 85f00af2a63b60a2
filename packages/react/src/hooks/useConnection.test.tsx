// @vitest-environment happy-dom
import { base, baseSepolia } from '@sigil/core'
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createReactTestbed, type ReactTestbed } from '../test/createReactTestbed.js'
import { createSigilWrapper } from '../test/createSigilWrapper.js'
import { useBundlerClient } from './useBundlerClient.js'
import { useChain } from './useChain.js'
import { useConnection } from './useConnection.js'

let testbed: ReactTestbed
beforeEach(async () => {
  testbed = await createReactTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

test('default: useConnection (Account Kit name) is the active chain’s connection and follows setChain', async () => {
  const config = testbed.createConfig({
    chain: base,
    chains: [
      { chain: base, policyId: 'pol_base' },
      { chain: baseSepolia, policyId: 'pol_sepolia', rpcUrl: 'https://sepolia.example/rpc' },
    ],
  })
  const { result, rerender } = renderHook(
    () => ({ connection: useConnection(), chain: useChain(), bundler: useBundlerClient() }),
    { wrapper: createSigilWrapper(config) },
  )
  const first = result.current.connection
  expect(first).toMatchObject({ chain: base, policyId: 'pol_base' })
  const firstBundler = result.current.bundler
  expect(firstBundler.chain.id).toBe(base.id)
  rerender()
  expect(result.current.connection).toBe(first)
  expect(result.current.bundler).toBe(firstBundler)

  await act(() => result.current.chain.setChainAsync({ chain: baseSepolia }))
  expect(result.current.connection).toMatchObject({
    chain: baseSepolia,
    policyId: 'pol_sepolia',
    rpcUrl: 'https://sepolia.example/rpc',
  })
  // useBundlerClient (Account Kit name) follows the chain too.
  expect(result.current.bundler.chain.id).toBe(baseSepolia.id)
})
