// @vitest-environment happy-dom
import { ChainNotFoundError, sepolia, sigilDevnet } from '@sigil/core'
import { act, renderHook, waitFor } from '@testing-library/react'
import { mainnet } from 'viem/chains'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createReactTestbed, type ReactTestbed } from '../test/createReactTestbed.js'
import { createSigilWrapper } from '../test/createSigilWrapper.js'
import { useChain } from './useChain.js'

let testbed: ReactTestbed
beforeEach(async () => {
  testbed = await createReactTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

test('default: the active chain; setChain switches to another configured chain', async () => {
  const config = testbed.createConfig({ chains: [{ chain: sigilDevnet }, { chain: sepolia }] })
  const { result } = renderHook(() => useChain(), { wrapper: createSigilWrapper(config) })
  expect(result.current.chain.id).toBe(sigilDevnet.id)
  const before = result.current.chain

  act(() => result.current.setChain({ chain: sepolia }))
  await waitFor(() => expect(result.current.chain.id).toBe(sepolia.id))
  expect(result.current.isSettingChain).toBe(false)
  expect(before.id).toBe(sigilDevnet.id)
})

test('error: a chain that is not in the config: ChainNotFoundError', async () => {
  const config = testbed.createConfig()
  const { result } = renderHook(() => useChain(), { wrapper: createSigilWrapper(config) })
  await expect(result.current.setChainAsync({ chain: mainnet })).rejects.toThrowError(ChainNotFoundError)
  await waitFor(() =>
    expect(result.current.error?.message).toMatch('Chain (Ethereum) not found in connections config object'),
  )
  expect(result.current.chain.id).toBe(sigilDevnet.id)
})
