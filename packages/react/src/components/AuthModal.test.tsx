// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { waitForSignerStatus } from '../../../core/src/test/createCoreTestbed.js'
import { useAuthModal } from '../hooks/useAuthModal.js'
import { createReactTestbed, type ReactTestbed } from '../test/createReactTestbed.js'
import { createSigilWrapper } from '../test/createSigilWrapper.js'
import { AuthModal } from './AuthModal.js'

const email = 'ada@example.com'
let testbed: ReactTestbed
beforeEach(async () => {
  testbed = await createReactTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

function OpenButton() {
  const { openAuthModal } = useAuthModal()
  return (
    <button type="button" onClick={openAuthModal}>
      Open sign-in
    </button>
  )
}

const renderModal = (props: Parameters<typeof AuthModal>[0] = {}) => {
  const config = testbed.createConfig()
  render(
    <>
      <OpenButton />
      <AuthModal {...props} />
    </>,
    { wrapper: createSigilWrapper(config) },
  )
  return { user: userEvent.setup(), config }
}

const open = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'Open sign-in' }))
  return screen.getByRole('dialog', { name: 'Sign in' })
}

test('default: closed until useAuthModal opens it: a modal dialog holding the sign-in card', async () => {
  const { user } = renderModal()
  expect(screen.queryByRole('dialog')).toBeNull()
  const dialog = await open(user)
  expect(dialog.getAttribute('aria-modal')).toBe('true')
  expect(dialog.contains(document.activeElement)).toBe(true)
  expect(screen.getByRole('heading', { name: 'Sign in' })).toBeDefined()
  expect(screen.getByLabelText('Email')).toBeDefined()
  expect(screen.getByRole('button', { name: 'Close' })).toBeDefined()
})

test('behavior: Tab and Shift+Tab wrap inside the dialog (focus trap)', async () => {
  const { user } = renderModal({ termsUrl: 'https://example.com/terms' })
  const dialog = await open(user)
  const focusable = [...dialog.querySelectorAll<HTMLElement>('button:not([disabled]), input, a[href]')]
  const first = focusable[0]!
  const last = focusable[focusable.length - 1]!
  expect(first.getAttribute('aria-label')).toBe('Close')
  expect(last.textContent).toBe('Terms of Service')
  first.focus()
  await user.tab({ shift: true })
  expect(document.activeElement).toBe(last)
  await user.tab()
  expect(document.activeElement).toBe(first)
  for (let step = 0; step < focusable.length * 2; step += 1) {
    await user.tab()
    expect(dialog.contains(document.activeElement)).toBe(true)
  }
})

test('behavior: Escape closes it and focus returns to the button that opened it', async () => {
  const { user } = renderModal()
  await open(user)
  await user.keyboard('{Escape}')
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open sign-in' }))
})

test('behavior: closing mid sign-in (close button) ends it and reopens at the first step', async () => {
  const { user, config } = renderModal()
  await open(user)
  await waitFor(() => expect(config.store.getState().signer).toBeDefined())
  await user.type(screen.getByLabelText('Email'), email)
  await user.click(screen.getByRole('button', { name: 'Continue' }))
  await screen.findByRole('heading', { name: 'Enter verification code' })
  await waitForSignerStatus(config, 'AWAITING_EMAIL_AUTH')
  await user.click(screen.getByRole('button', { name: 'Close' }))
  expect(screen.queryByRole('dialog')).toBeNull()
  await waitFor(() => expect(config.store.getState().signerStatus.status).toBe('DISCONNECTED'))
  await open(user)
  expect(screen.getByRole('heading', { name: 'Sign in' })).toBeDefined()
})

test('behavior: a click on the backdrop closes; a click inside does not', async () => {
  const { user } = renderModal()
  const dialog = await open(user)
  await user.click(screen.getByRole('heading', { name: 'Sign in' }))
  expect(screen.getByRole('dialog')).toBeDefined()
  await user.click(dialog.parentElement!)
  expect(screen.queryByRole('dialog')).toBeNull()
})

test('behavior: signing in (email code, the real server) closes the modal and calls onAuthSuccess', async () => {
  const onAuthSuccess = vi.fn()
  const { user, config } = renderModal({ onAuthSuccess, theme: 'dark' })
  const dialog = await open(user)
  expect(dialog.closest('.sigil-theme')?.getAttribute('data-theme')).toBe('dark')
  await waitFor(() => expect(config.store.getState().signer).toBeDefined())
  await user.type(screen.getByLabelText('Email'), email)
  await user.click(screen.getByRole('button', { name: 'Continue' }))
  await waitForSignerStatus(config, 'AWAITING_EMAIL_AUTH')
  await user.type(await screen.findByLabelText('Verification code'), await testbed.readCode(email))
  await waitFor(() => expect(onAuthSuccess).toHaveBeenCalledTimes(1), { timeout: 3000 })
  expect(screen.queryByRole('dialog')).toBeNull()
})

test('behavior: with addPasskeyOnSignup, a sign-up finished while it is closed opens it at "Add a passkey"', async () => {
  const config = testbed.createConfig()
  render(<AuthModal addPasskeyOnSignup />, { wrapper: createSigilWrapper(config) })
  await waitFor(() => expect(config.store.getState().signer).toBeDefined())
  expect(screen.queryByRole('dialog')).toBeNull()
  // Signed up elsewhere (the app's own form, a link's return): a new user.
  await testbed.signIn(config, email)
  expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeDefined()
  expect(screen.getByRole('heading', { name: 'Add a passkey' })).toBeDefined()
  await userEvent.setup().click(screen.getByRole('button', { name: 'Skip' }))
  expect(screen.queryByRole('dialog')).toBeNull()
})

test('behavior: a returning user signing in while it is closed does not open it', async () => {
  const config = testbed.createConfig()
  await testbed.signIn(config, email)
  await config.store.getState().signer!.disconnect()
  render(<AuthModal addPasskeyOnSignup />, { wrapper: createSigilWrapper(config) })
  await testbed.signIn(config, email)
  expect(config.store.getState().signerStatus.isConnected).toBe(true)
  expect(screen.queryByRole('dialog')).toBeNull()
})
