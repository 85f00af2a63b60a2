// @vitest-environment happy-dom
import { addPasskey, disconnect } from '@sigil/core'
import { render, screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { createReactTestbed, type ReactTestbed } from '../../test/createReactTestbed.js'
import { createSigilWrapper } from '../../test/createSigilWrapper.js'
import { installSoftwarePasskey } from '../../test/installSoftwarePasskey.js'
import { AuthCard } from '../AuthCard.js'

/** 'Continue with passkey' and its error screens, with real passkeys checked by the real server. */

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

/** A user who signed up by email code and added this passkey, signed out again. */
async function createPasskeyUser() {
  const config = testbed.createConfig({ rpId: 'localhost' })
  const user = await testbed.signIn(config, email)
  await addPasskey(config, {})
  await disconnect(config)
  return { config, user }
}

const renderCard = (config: ReturnType<ReactTestbed['createConfig']>, onAuthSuccess = vi.fn()) => {
  render(<AuthCard onAuthSuccess={onAuthSuccess} supportUrl="https://example.com/help" />, {
    wrapper: createSigilWrapper(config),
  })
  return { user: userEvent.setup(), onAuthSuccess }
}

test('default: "I have a passkey" shows "Continue with passkey", then completes as the passkey\'s user', async () => {
  const { config, user: signedUp } = await createPasskeyUser()
  passkey.behave('pending')
  const { user, onAuthSuccess } = renderCard(config)
  await waitFor(() => expect(config.store.getState().signer).toBeDefined())
  await user.click(screen.getByRole('button', { name: 'I have a passkey' }))
  expect(await screen.findByRole('heading', { name: 'Continue with passkey' })).toBeDefined()
  expect(screen.getByText('Follow the prompt to verify your passkey.')).toBeDefined()
  expect(screen.getByText('Having trouble?', { exact: false })).toBeDefined()
  expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
    'https://example.com/help',
  )

  // The user answers the prompt on a second try (Back, then the button again).
  await user.click(screen.getByRole('button', { name: 'Back' }))
  passkey.behave('answer')
  await user.click(screen.getByRole('button', { name: 'I have a passkey' }))
  await waitFor(() => expect(onAuthSuccess).toHaveBeenCalledTimes(1))
  expect(config.store.getState().user?.userId).toBe(signedUp.userId)
})

test('error: a cancelled prompt draws "Connection failed"; Try again asks again and signs in', async () => {
  const { config } = await createPasskeyUser()
  passkey.behave({
    fail: new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'),
  })
  const { user, onAuthSuccess } = renderCard(config)
  await waitFor(() => expect(config.store.getState().signer).toBeDefined())
  await user.click(screen.getByRole('button', { name: 'I have a passkey' }))
  expect(await screen.findByRole('heading', { name: 'Connection failed' })).toBeDefined()
  expect(
    screen.getByText(
      'Passkey request timed out or canceled by the agent. You may have to use another method to register a passkey for your account.',
    ),
  ).toBeDefined()
  expect(screen.getByRole('button', { name: 'Use another method' })).toBeDefined()
  passkey.behave('answer')
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  await waitFor(() => expect(onAuthSuccess).toHaveBeenCalledTimes(1))
})

test('error: "Use another method" returns to the first step', async () => {
  const config = testbed.createConfig({ rpId: 'localhost' })
  passkey.behave({ fail: new DOMException('cancelled', 'NotAllowedError') })
  const { user } = renderCard(config)
  await waitFor(() => expect(config.store.getState().signer).toBeDefined())
  await user.click(screen.getByRole('button', { name: 'I have a passkey' }))
  await user.click(await screen.findByRole('button', { name: 'Use another method' }))
  expect(screen.getByRole('heading', { name: 'Sign in' })).toBeDefined()
})

test('error: a passkey the server does not know draws "Connection failed"', async () => {
  const config = testbed.createConfig({ rpId: 'localhost' })
  const { user } = renderCard(config)
  await waitFor(() => expect(config.store.getState().signer).toBeDefined())
  await user.click(screen.getByRole('button', { name: 'I have a passkey' }))
  expect(await screen.findByRole('heading', { name: 'Connection failed' })).toBeDefined()
  expect(config.store.getState().signerStatus.error?.message).toBeDefined()
})

test('error: the platform refuses (SecurityError): "Permission denied"', async () => {
  const config = testbed.createConfig({ rpId: 'localhost' })
  passkey.behave({
    fail: new DOMException('The relying party ID is not a registrable domain suffix', 'SecurityError'),
  })
  const { user } = renderCard(config)
  await waitFor(() => expect(config.store.getState().signer).toBeDefined())
  await user.click(screen.getByRole('button', { name: 'I have a passkey' }))
  expect(await screen.findByRole('heading', { name: 'Permission denied' })).toBeDefined()
  expect(
    screen.getByText('The request is currently not allowed by the agent or the platform. Try again later.'),
  ).toBeDefined()
})

test('error: a request that took too long (TimeoutError): "Connection timed out"', async () => {
  const config = testbed.createConfig({ rpId: 'localhost' })
  passkey.behave({ fail: new DOMException('signal timed out', 'TimeoutError') })
  const { user } = renderCard(config)
  await waitFor(() => expect(config.store.getState().signer).toBeDefined())
  await user.click(screen.getByRole('button', { name: 'I have a passkey' }))
  expect(await screen.findByRole('heading', { name: 'Connection timed out' })).toBeDefined()
  expect(screen.getByText('It looks like you need more time.')).toBeDefined()
})
