// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createReactTestbed, type ReactTestbed } from '../test/createReactTestbed.js'
import { createSigilWrapper } from '../test/createSigilWrapper.js'
import { useAuthenticate } from './useAuthenticate.js'
import { useSignerStatus } from './useSignerStatus.js'
import { useUser } from './useUser.js'

let testbed: ReactTestbed
beforeEach(async () => {
  testbed = await createReactTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

const renderSignIn = () => {
  const config = testbed.createConfig()
  const seen: ReturnType<typeof useSignerStatus>[] = []
  const rendered = renderHook(
    () => {
      const status = useSignerStatus()
      if (seen.at(-1) !== status) seen.push(status)
      return { status, auth: useAuthenticate(), user: useUser() }
    },
    { wrapper: createSigilWrapper(config) },
  )
  return { ...rendered, seen, config }
}

test('default: the flags follow a real email-code sign-in (useAuthenticate) to CONNECTED', async () => {
  const { result, seen } = renderSignIn()
  await waitFor(() => expect(result.current.status.isDisconnected).toBe(true))

  act(() => result.current.auth.authenticate({ type: 'email', email: 'ada@example.com' }))
  await waitFor(() => expect(result.current.status.status).toBe('AWAITING_EMAIL_AUTH'))
  expect(result.current.status).toMatchObject({
    isInitializing: false,
    isAuthenticating: true,
    isConnected: false,
    isDisconnected: false,
  })
  expect(result.current.auth.isPending).toBe(true)

  const otpCode = await testbed.readCode('ada@example.com')
  const user = await act(() => result.current.auth.authenticateAsync({ type: 'otp', otpCode }))
  await waitFor(() => expect(result.current.status.isConnected).toBe(true))
  expect(result.current.status).toEqual({
    status: 'CONNECTED',
    error: undefined,
    isInitializing: false,
    isAuthenticating: false,
    isConnected: true,
    isDisconnected: false,
  })
  expect(result.current.user).toEqual({ ...user, type: 'sca' })
  expect(seen.map((status) => status.status)).toEqual(
    expect.arrayContaining(['INITIALIZING', 'DISCONNECTED', 'AWAITING_EMAIL_AUTH', 'CONNECTED']),
  )
  expect(seen[0]?.isInitializing).toBe(true)
})

test('behavior: the snapshot is stable: the same object across renders until the status changes', async () => {
  const { result, rerender, config } = renderSignIn()
  await waitFor(() => expect(result.current.status.isDisconnected).toBe(true))
  const status = result.current.status
  const user = result.current.user
  rerender()
  rerender()
  expect(result.current.status).toBe(status)
  expect(result.current.status).toBe(config.store.getState().signerStatus)
  expect(result.current.user).toBe(user)

  await testbed.signIn(config, 'ada@example.com')
  await waitFor(() => expect(result.current.status.isConnected).toBe(true))
  const signedIn = result.current.user
  rerender()
  expect(result.current.user).toBe(signedIn)
})

test('error: a wrong code: DISCONNECTED with the stored error, and the mutation error', async () => {
  const { result } = renderSignIn()
  act(() => result.current.auth.authenticate({ type: 'email', email: 'bob@example.com' }))
  await waitFor(() => expect(result.current.status.status).toBe('AWAITING_EMAIL_AUTH'))
  const code = await testbed.readCode('bob@example.com')
  const wrong = code === '000000' ? '111111' : '000000'

  await expect(result.current.auth.authenticateAsync({ type: 'otp', otpCode: wrong })).rejects.toThrowError()
  await waitFor(() => expect(result.current.status.isDisconnected).toBe(true))
  expect(result.current.status.error).toEqual({ name: expect.any(String), message: expect.any(String) })
  expect(result.current.auth.error).toBeInstanceOf(Error)
  expect(result.current.user).toBeNull()
})
