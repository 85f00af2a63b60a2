// @vitest-environment happy-dom
import { NotAuthenticatedError } from '@sigil/signer'
import { act, renderHook, waitFor } from '@testing-library/react'
import { recoverMessageAddress, verifyMessage } from 'viem'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createReactTestbed, type ReactTestbed } from '../test/createReactTestbed.js'
import { createSigilWrapper } from '../test/createSigilWrapper.js'
import { useSignerStatus } from './useSignerStatus.js'
import { useSignMessage } from './useSignMessage.js'

let testbed: ReactTestbed
beforeEach(async () => {
  testbed = await createReactTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

test('default: signs with the signed-in user; the signature recovers to their address', async () => {
  const config = testbed.createConfig()
  const { result } = renderHook(() => ({ sign: useSignMessage(), status: useSignerStatus() }), {
    wrapper: createSigilWrapper(config),
  })
  const { address } = await testbed.signIn(config, 'ada@example.com')
  await waitFor(() => expect(result.current.status.isConnected).toBe(true))

  act(() => result.current.sign.signMessage({ message: 'hello' }))
  await waitFor(() => expect(result.current.sign.signedMessage).toBeDefined())
  const signature = result.current.sign.signedMessage!
  expect(await recoverMessageAddress({ message: 'hello', signature })).toBe(address)
  expect(result.current.sign).toMatchObject({ isSigningMessage: false, error: null })

  const raw = await act(() => result.current.sign.signMessageAsync({ message: { raw: '0xdeadbeef' } }))
  expect(await verifyMessage({ address, message: { raw: '0xdeadbeef' }, signature: raw })).toBe(true)
})

test('error: nobody signed in', async () => {
  const config = testbed.createConfig()
  const { result } = renderHook(() => useSignMessage(), { wrapper: createSigilWrapper(config) })
  await expect(result.current.signMessageAsync({ message: 'hello' })).rejects.toThrowError(
    NotAuthenticatedError,
  )
  await waitFor(() => expect(result.current.error).toBeInstanceOf(NotAuthenticatedError))
  expect(result.current.signedMessage).toBeUndefined()
})
