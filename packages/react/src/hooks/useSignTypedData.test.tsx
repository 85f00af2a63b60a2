// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import { verifyTypedData } from 'viem'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createReactTestbed, type ReactTestbed } from '../test/createReactTestbed.js'
import { createSigilWrapper } from '../test/createSigilWrapper.js'
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
