// @vitest-environment happy-dom
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createReactTestbed, type ReactTestbed } from '../test/createReactTestbed.js'
import { createSigilWrapper } from '../test/createSigilWrapper.js'
import { useSolanaSigner } from './useSolanaSigner.js'

let testbed: ReactTestbed
beforeEach(async () => {
  testbed = await createReactTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

test("default: undefined until sign-in, then the user's Solana signer (ed25519 over the exact bytes)", async () => {
  const config = testbed.createConfig()
  const { result } = renderHook(() => useSolanaSigner(), { wrapper: createSigilWrapper(config) })
  expect(result.current).toBeUndefined()
  const user = await testbed.signIn(config, 'ada@example.com')
  await waitFor(() => expect(result.current).toBeDefined())
  expect(result.current!.address).toBe(user.solanaAddress)

  const message = new TextEncoder().encode('hello')
  const signature = await result.current!.signMessage(message)
  expect(signature).toHaveLength(64)
  expect(ed25519.verify(signature, message, base58.decode(user.solanaAddress!))).toBe(true)
})
