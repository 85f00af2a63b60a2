// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { createReactTestbed, type ReactTestbed } from '../test/createReactTestbed.js'
import { createSigilWrapper } from '../test/createSigilWrapper.js'
import { ErrorScreen } from './ErrorScreen.js'

const email = 'ada@example.com'
let testbed: ReactTestbed
beforeEach(async () => {
  testbed = await createReactTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

test('default: heading, body, Try again and "Use another method", announced; it disconnects the session', async () => {
  const config = testbed.createConfig()
  await testbed.signIn(config, email)
  const onTryAgain = vi.fn()
  const onUseAnotherMethod = vi.fn()
  render(
    <ErrorScreen
      heading="Permission denied"
      body="The request is currently not allowed by the agent or the platform. Try again later."
      onTryAgain={onTryAgain}
      onUseAnotherMethod={onUseAnotherMethod}
    />,
    { wrapper: createSigilWrapper(config) },
  )
  const alert = screen.getByRole('alert', { name: 'Permission denied' })
  expect(alert.textContent).toContain(
    'The request is currently not allowed by the agent or the platform. Try again later.',
  )
  await waitFor(() => expect(config.store.getState().signerStatus.status).toBe('DISCONNECTED'))
  expect(config.store.getState().user).toBeUndefined()
  const user = userEvent.setup()
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  await waitFor(() => expect(onTryAgain).toHaveBeenCalledTimes(1))
  await user.click(screen.getByRole('button', { name: 'Use another method' }))
  expect(onUseAnotherMethod).toHaveBeenCalledTimes(1)
})

test('behavior: shouldDisconnect false keeps the user signed in; onSkip shows Skip', async () => {
  const config = testbed.createConfig()
  await testbed.signIn(config, email)
  const onSkip = vi.fn()
  render(
    <ErrorScreen
      heading="Connection failed"
      body="…"
      onTryAgain={() => {}}
      onSkip={onSkip}
      shouldDisconnect={false}
    />,
    { wrapper: createSigilWrapper(config) },
  )
  await userEvent.setup().click(screen.getByRole('button', { name: 'Skip' }))
  expect(onSkip).toHaveBeenCalledTimes(1)
  expect(screen.queryByRole('button', { name: 'Use another method' })).toBeNull()
  expect(config.store.getState().signerStatus.isConnected).toBe(true)
})
