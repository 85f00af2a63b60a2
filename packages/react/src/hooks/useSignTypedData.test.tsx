// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import { verifyTypedData } from 'viem'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createReactTestbed, type ReactTestbed } from '../test/createReactTestbed.js'
import { createSigilWrapper } from '../test/createSigilWrapper.js'
import { createTestWallet } from '../test/createTestWallet.js'
import { useConnect } from './useConnect.js'
import { useSignTypedData } from './useSignTypedData.js'

let testbed: ReactTestbed
beforeEach(async () => {
  testbed = await createReactTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

const typedData = {
  domain: { name: 'Demo', version: '1', chainId: 31337 },
  types: { Mail: [{ name: 'contents', type: 'string' }] },
  primaryType: 'Mail',
  message: { contents: 'hello' },
} as const

test('default: an EIP-712 signature by the signed-in user', async () => {
  const config = testbed.createConfig()
  const { result } = renderHook(() => useSignTypedData(), { wrapper: createSigilWrapper(config) })
  const { address } = await testbed.signIn(config, 'ada@example.com')

  act(() => result.current.signTypedData({ typedData }))
  await waitFor(() => expect(result.current.signedTypedData).toBeDefined())
  expect(await verifyTypedData({ address, ...typedData, signature: result.current.signedTypedData! })).toBe(
    true,
  )
  expect(result.current.isSigningTypedData).toBe(false)
})

// A browser wallet cannot run in this offline test: `createTestWallet` is an EIP-1193 stand-in over a local key.
test('behavior: while an external wallet is connected, the wallet signs (eth_signTypedData_v4)', async () => {
  const wallet = createTestWallet()
  wallet.announce()
  try {
    const config = testbed.createConfig()
    const { result } = renderHook(() => ({ connect: useConnect(), sign: useSignTypedData() }), {
      wrapper: createSigilWrapper(config),
    })
    await waitFor(() => expect(result.current.connect.connectors).toHaveLength(1))
    await result.current.connect.connectAsync({ connector: result.current.connect.connectors[0]! })

    const signature = await act(() => result.current.sign.signTypedDataAsync({ typedData }))
    expect(await verifyTypedData({ address: wallet.account.address, ...typedData, signature })).toBe(true)
    expect(wallet.requests).toContain('eth_signTypedData_v4')
  } finally {
    wallet.remove()
  }
})
