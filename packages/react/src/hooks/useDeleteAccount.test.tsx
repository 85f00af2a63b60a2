// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { useAuthModalState } from '../context/useAuthModalState.js'
import { createReactTestbed, type ReactTestbed } from '../test/createReactTestbed.js'
import { createSigilWrapper } from '../test/createSigilWrapper.js'
import { useDeleteAccount } from './useDeleteAccount.js'
import { useSignerStatus } from './useSignerStatus.js'
import { useUser } from './useUser.js'

let testbed: ReactTestbed
beforeEach(async () => {
  testbed = await createReactTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

test('default: deletes the account, signs out, and puts the sign-in UI back at initial', async () => {
  const config = testbed.createConfig()
  const { result } = renderHook(
    () => ({
      remove: useDeleteAccount(),
      user: useUser(),
      status: useSignerStatus(),
      modal: useAuthModalState(),
    }),
    { wrapper: createSigilWrapper(config) },
  )
  const user = await testbed.signIn(config, 'gone@example.com')
  await waitFor(() => expect(result.current.user?.address).toBe(user.address))
  act(() => result.current.modal.setAuthStep({ type: 'complete' }))

  act(() => result.current.remove.deleteAccount())
  await waitFor(() => expect(result.current.status.isDisconnected).toBe(true))
  expect(result.current.user).toBeNull()
  expect(result.current.remove).toMatchObject({ isDeleting: false, error: null })
  expect(result.current.modal.authStep).toEqual({ type: 'initial' })
})

test('error: a stale session is refused with words, and the user stays signed in', async () => {
  const config = testbed.createConfig()
  const { result } = renderHook(() => ({ remove: useDeleteAccount(), status: useSignerStatus() }), {
    wrapper: createSigilWrapper(config),
  })
  const user = await testbed.signIn(config, 'stale-react@example.com')
  await testbed.server.store.db
    .updateTable('api_keys')
    .set({ created_at: Date.now() - 6 * 60_000 })
    .where('user_id', '=', user.userId)
    .execute()
  act(() => result.current.remove.deleteAccount())
  await waitFor(() => expect(result.current.remove.error).not.toBeNull())
  expect(result.current.remove.error?.message).toContain('sign in again to delete your account')
  expect(result.current.status.isConnected).toBe(true)
})
