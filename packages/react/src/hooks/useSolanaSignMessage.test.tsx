// @vitest-environment happy-dom
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { SolanaNotReadyError } from '@sigil/core'
import { act, renderHook, waitFor } from '@testing-library/react'
import { hexToBytes } from 'viem'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createReactTestbed, type ReactTestbed } from '../test/createReactTestbed.js'
import { createSigilWrapper } from '../test/createSigilWrapper.js'
import { useSolanaSignMessage } from './useSolanaSignMessage.js'

let testbed: ReactTestbed
beforeEach(async () => {
  testbed = await createReactTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

test("default: data is the hex of an ed25519 signature of the message's UTF-8 bytes by the Solana address", async () => {
  const config = testbed.createConfig()
  const { result } = renderHook(() => useSolanaSignMessage(), { wrapper: createSigilWrapper(config) })
  const user = await testbed.signIn(config, 'ada@example.com')
  await waitFor(() => expect(result.current.signer?.address).toBe(user.solanaAddress))

  act(() => result.current.mutate({ message: 'héllo Solana' }))
  await waitFor(() => expect(result.current.data).toBeDefined())
  expect(result.current.data).toMatch(/^0x[0-9a-f]{128}$/)
  const signature = hexToBytes(result.current.data!)
  const message = new TextEncoder().encode('héllo Solana')
  expect(ed25519.verify(signature, message, base58.decode(user.solanaAddress!))).toBe(true)
  expect(result.current).toMatchObject({ isPending: false, error: null })
})

test("error: 'Not ready' before sign-in", async () => {
  const config = testbed.createConfig()
  const { result } = renderHook(() => useSolanaSignMessage(), { wrapper: createSigilWrapper(config) })
  await expect(result.current.mutateAsync({ message: 'hello' })).rejects.toThrow(SolanaNotReadyError)
  await waitFor(() => expect(result.current.error?.message).toBe('Not ready'))
  expect(result.current.data).toBeUndefined()
})
