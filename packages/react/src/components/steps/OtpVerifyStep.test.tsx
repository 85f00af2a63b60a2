// @vitest-environment happy-dom
import { act, render, screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { waitForSignerStatus } from '../../../../core/src/test/createCoreTestbed.js'
import { createReactTestbed, type ReactTestbed } from '../../test/createReactTestbed.js'
import { createSigilWrapper } from '../../test/createSigilWrapper.js'
import { AuthCard } from '../AuthCard.js'

/** The email code step against the real server in process: codes are read from its dev mailbox. */

const email = 'ada@example.com'
let testbed: ReactTestbed
beforeEach(async () => {
  testbed = await createReactTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

const startEmailSignIn = async (props: Parameters<typeof AuthCard>[0] = {}) => {
  const user = userEvent.setup()
  const config = testbed.createConfig()
  render(<AuthCard {...props} />, { wrapper: createSigilWrapper(config) })
  await waitFor(() => expect(config.store.getState().signer).toBeDefined())
  await user.type(screen.getByLabelText('Email'), email)
  await user.click(screen.getByRole('button', { name: 'Continue' }))
  await screen.findByRole('heading', { name: 'Enter verification code' })
  await waitForSignerStatus(config, 'AWAITING_EMAIL_AUTH')
  return { user, config, code: await testbed.readCode(email) }
}

test('default: a wrong code shows "The code you entered is incorrect"; the right code reaches complete', async () => {
  const onAuthSuccess = vi.fn()
  const { user, config, code } = await startEmailSignIn({ onAuthSuccess })
  expect(screen.getByText('We sent a verification code to', { exact: false }).textContent).toBe(
    `We sent a verification code to${email}`,
  )
  expect(screen.getByRole('button', { name: 'Resend' })).toBeDefined()
  expect(screen.getByRole('button', { name: 'Back' })).toBeDefined()

  const field = screen.getByLabelText('Verification code')
  const first = screen.getByLabelText('Digit 1 of 6')
  expect(first.getAttribute('inputmode')).toBe('numeric')
  expect(first.getAttribute('autocomplete')).toBe('one-time-code')
  await user.type(field, code === '000000' ? '111111' : '000000')
  expect((await screen.findByRole('alert')).textContent).toBe('The code you entered is incorrect')
  const retry = screen.getByLabelText('Verification code')
  const boxes = screen.getAllByLabelText(/^Digit \d of 6$/) as HTMLInputElement[]
  expect(boxes.map((box) => box.value)).toEqual(['', '', '', '', '', ''])
  expect(boxes.every((box) => box.getAttribute('aria-invalid') === 'true')).toBe(true)
  expect(document.activeElement).toBe(boxes[0])

  await user.type(retry, code)
  expect(screen.getByRole('status').textContent).toBe('Verifying...')
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Verified!'))
  expect(screen.queryByRole('alert')).toBeNull()
  expect(onAuthSuccess).not.toHaveBeenCalled()
  await waitFor(() => expect(onAuthSuccess).toHaveBeenCalledTimes(1), { timeout: 3000 })
  expect(config.store.getState().signerStatus.isConnected).toBe(true)
  expect(config.store.getState().user?.email).toBe(email)
  // complete: the card is back at its first step.
  expect(screen.getByRole('heading', { name: 'Sign in' })).toBeDefined()
})

test('behavior: Resend mails a new code and reads "Done!" for a moment; the new code signs in', async () => {
  const onAuthSuccess = vi.fn()
  const { user, code: first } = await startEmailSignIn({ onAuthSuccess })
  await user.click(screen.getByRole('button', { name: 'Resend' }))
  expect(screen.getByRole('button', { name: 'Done!' })).toBeDefined()
  await waitFor(async () => expect(await testbed.readCode(email)).not.toBe(first))
  await waitFor(() => expect(screen.getByRole('button', { name: 'Resend' })).toBeDefined(), { timeout: 3000 })
  await user.type(screen.getByLabelText('Verification code'), await testbed.readCode(email))
  await waitFor(() => expect(onAuthSuccess).toHaveBeenCalledTimes(1), { timeout: 3000 })
})

test('behavior: Back ends the sign-in (disconnect) and returns to the first step', async () => {
  const { user, config } = await startEmailSignIn()
  await user.click(screen.getByRole('button', { name: 'Back' }))
  expect(screen.getByRole('heading', { name: 'Sign in' })).toBeDefined()
  await waitFor(() => expect(config.store.getState().signerStatus.status).toBe('DISCONNECTED'))
  expect(config.store.getState().signer?.otpId).toBeUndefined()
})

test('error: a failure that is not about the code draws "Connection failed" / "The code could not be verified"', async () => {
  const { user, config, code } = await startEmailSignIn()
  // The session of this sign-in is gone (signed out elsewhere): the server cannot check any code.
  await act(() => config.store.getState().signer!.disconnect())
  await user.type(screen.getByLabelText('Verification code'), code)
  expect(await screen.findByRole('heading', { name: 'Connection failed' })).toBeDefined()
  expect(screen.getByText('The code could not be verified')).toBeDefined()
  expect(screen.getByRole('alert')).toBeDefined()

  // Try again mails a new code and asks for it.
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  await screen.findByRole('heading', { name: 'Enter verification code' })
  await waitForSignerStatus(config, 'AWAITING_EMAIL_AUTH')
  await waitFor(async () => expect(await testbed.readCode(email)).not.toBe(code))
})

test('error: "Use another method" on the code error screen returns to the first step', async () => {
  const { user, config, code } = await startEmailSignIn()
  await act(() => config.store.getState().signer!.disconnect())
  await user.type(screen.getByLabelText('Verification code'), code)
  await user.click(await screen.findByRole('button', { name: 'Use another method' }))
  expect(screen.getByRole('heading', { name: 'Sign in' })).toBeDefined()
})
