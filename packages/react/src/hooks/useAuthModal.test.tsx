// @vitest-environment happy-dom
import { toSignerStatusState } from '@sigil/core'
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { useAuthModalState } from '../context/useAuthModalState.js'
import { createReactTestbed, type ReactTestbed } from '../test/createReactTestbed.js'
import { createSigilWrapper } from '../test/createSigilWrapper.js'
import { useAuthModal } from './useAuthModal.js'

let testbed: ReactTestbed
beforeEach(async () => {
  testbed = await createReactTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

test('default: openAuthModal and closeAuthModal; the sign-in UI reads the same state', () => {
  const config = testbed.createConfig()
  const { result } = renderHook(() => ({ modal: useAuthModal(), state: useAuthModalState() }), {
    wrapper: createSigilWrapper(config),
  })
  expect(result.current.modal.isOpen).toBe(false)
  expect(result.current.state).toMatchObject({ isOpen: false, authStep: { type: 'initial' } })

  act(() => result.current.modal.openAuthModal())
  expect(result.current.modal.isOpen).toBe(true)
  expect(result.current.state.isOpen).toBe(true)

  act(() => result.current.state.setAuthStep({ type: 'pick_eoa' }))
  expect(result.current.state.authStep).toEqual({ type: 'pick_eoa' })
  act(() => result.current.modal.closeAuthModal())
  expect(result.current.modal.isOpen).toBe(false)
  act(() => result.current.state.resetAuthStep())
  expect(result.current.state.authStep).toEqual({ type: 'initial' })
})

test('behavior: the functions keep their identity across renders', () => {
  const config = testbed.createConfig()
  const { result, rerender } = renderHook(() => useAuthModal(), { wrapper: createSigilWrapper(config) })
  const { openAuthModal, closeAuthModal } = result.current
  rerender()
  expect(result.current.openAuthModal).toBe(openAuthModal)
  expect(result.current.closeAuthModal).toBe(closeAuthModal)
})

test('behavior: while an email link sign-in completes (AUTHENTICATING_EMAIL) the first step is email_completing', () => {
  const config = testbed.createConfig()
  config.store.setState({ signerStatus: toSignerStatusState('AUTHENTICATING_EMAIL') })
  const { result } = renderHook(() => useAuthModalState(), { wrapper: createSigilWrapper(config) })
  expect(result.current.authStep).toEqual({ type: 'email_completing' })
})
