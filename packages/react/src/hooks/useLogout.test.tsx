// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { useAuthModalState } from '../context/useAuthModalState.js'
import { createReactTestbed, type ReactTestbed } from '../test/createReactTestbed.js'
import { createSigilWrapper } from '../test/createSigilWrapper.js'
import { useLogout } from './useLogout.js'
import { useSignerStatus } from './useSignerStatus.js'
import { useUser } from './useUser.js'

let testbed: ReactTestbed
beforeEach(async () => {
  testbed = await createReactTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

test('default: signs out: DISCONNECTED, the user null, the session gone, the sign-in UI back at initial', async () => {
  const config = testbed.createConfig()
  const { result } = renderHook(
    () => ({ logout: useLogout(), user: useUser(), status: useSignerStatus(), modal: useAuthModalState() }),
    { wrapper: createSigilWrapper(config) },
  )
  const user = await testbed.signIn(config, 'ada@example.com')
  await waitFor(() => expect(result.current.user?.address).toBe(user.address))
  act(() => result.current.modal.setAuthStep({ type: 'complete' }))

  act(() => result.current.logout.logout())
  await waitFor(() => expect(result.current.status.isDisconnected).toBe(true))
  expect(result.current.user).toBeNull()
  expect(result.current.logout).toMatchObject({ isLoggingOut: false, error: null })
  expect(result.current.modal.authStep).toEqual({ type: 'initial' })
  expect(config.store.getState().user).toBeUndefined()
  expect(testbed.sessionStorage.length).toBe(0)
})

test('behavior: signed out, a later sign-in shows the new user', async () => {
  const config = testbed.createConfig()
  const { result } = renderHook(() => ({ logout: useLogout(), user: useUser() }), {
    wrapper: createSigilWrapper(config),
  })
  await testbed.signIn(config, 'ada@example.com')
  await act(() => result.current.logout.logoutAsync())
  expect(result.current.user).toBeNull()
  const bob = await testbed.signIn(config, 'bob@example.com')
  await waitFor(() => expect(result.current.user?.email).toBe('bob@example.com'))
  expect(result.current.user?.address).toBe(bob.address)
})
