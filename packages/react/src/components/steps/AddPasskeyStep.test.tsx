// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { waitForSignerStatus } from '../../../../core/src/test/createCoreTestbed.js'
import { createReactTestbed, type ReactTestbed } from '../../test/createReactTestbed.js'
import { createSigilWrapper } from '../../test/createSigilWrapper.js'
import { installSoftwarePasskey } from '../../test/installSoftwarePasskey.js'
import { AuthCard } from '../AuthCard.js'

/** 'Add a passkey' after a sign-up (`addPasskeyOnSignup`), with a real passkey added on the real server. */

const email = 'ada@example.com'
let testbed: ReactTestbed
let passkey: ReturnType<typeof installSoftwarePasskey>
beforeEach(async () => {
  testbed = await createReactTestbed()
  passkey = installSoftwarePasskey()
})
afterEach(async () => {
  passkey.restore()
  await testbed.cleanup()
})

/** Signs a new user up by email code in the card, up to the offer to add a passkey. */
async function signUp() {
  const user = userEvent.setup()
  const onAuthSuccess = vi.fn()
  const config = testbed.createConfig({ rpId: 'localhost' })
  render(<AuthCard onAuthSuccess={onAuthSuccess} addPasskeyOnSignup />, {
    wrapper: createSigilWrapper(config),
  })
  await waitFor(() => expect(config.store.getState().signer).toBeDefined())
  await user.type(screen.getByLabelText('Email'), email)
  await user.click(screen.getByRole('button', { name: 'Continue' }))
  await waitForSignerStatus(config, 'AWAITING_EMAIL_AUTH')
  await user.type(await screen.findByLabelText('Verification code'), await testbed.readCode(email))
  await screen.findByRole('heading', { name: 'Add a passkey' }, { timeout: 3000 })
  return { user, config, onAuthSuccess }
}

test('default: a new user is offered a passkey; Continue adds it, "Passkey added!", then complete', async () => {
  const { user, config, onAuthSuccess } = await signUp()
  expect(screen.getByText('Simpler login')).toBeDefined()
  expect(
    screen.getByText('Create a passkey to enable quick and easy login with Face ID or Touch ID.'),
  ).toBeDefined()
  expect(screen.getByText('Enhanced security')).toBeDefined()
  expect(
    screen.getByText('Prevent phishing and theft by registering a passkey with your device.'),
  ).toBeDefined()
  expect(screen.getByRole('button', { name: 'Skip' })).toBeDefined()
  expect(onAuthSuccess).not.toHaveBeenCalled()

  await user.click(screen.getByRole('button', { name: 'Continue' }))
  expect(await screen.findByRole('heading', { name: 'Passkey added!' })).toBeDefined()
  expect(screen.getByText('You can use this passkey to sign in next time.')).toBeDefined()
  expect(passkey.calls).toEqual(['create'])
  expect(await config.store.getState().signer!.getPasskeyStatus()).toMatchObject({ isPasskeyAdded: true })
  await waitFor(() => expect(onAuthSuccess).toHaveBeenCalledTimes(1), { timeout: 7000 })
})

test('behavior: Skip completes without a passkey', async () => {
  const { user, onAuthSuccess } = await signUp()
  await user.click(screen.getByRole('button', { name: 'Skip' }))
  await waitFor(() => expect(onAuthSuccess).toHaveBeenCalledTimes(1))
  expect(passkey.calls).toEqual([])
})

test('error: a refused passkey draws "Connection failed" with Try again and Skip; the user stays signed in', async () => {
  const { user, config, onAuthSuccess } = await signUp()
  passkey.behave({ fail: new DOMException('cancelled', 'NotAllowedError') })
  await user.click(screen.getByRole('button', { name: 'Continue' }))
  expect(await screen.findByRole('heading', { name: 'Connection failed' })).toBeDefined()
  expect(screen.getByRole('button', { name: 'Skip' })).toBeDefined()
  expect(screen.queryByRole('button', { name: 'Use another method' })).toBeNull()
  expect(config.store.getState().signerStatus.isConnected).toBe(true)

  passkey.behave('answer')
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  expect(await screen.findByRole('heading', { name: 'Passkey added!' })).toBeDefined()
  expect(config.store.getState().signerStatus.isConnected).toBe(true)
  expect(onAuthSuccess).not.toHaveBeenCalled()
})
