// @vitest-environment happy-dom
import { render, renderHook, screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { AuthCard } from '../components/AuthCard.js'
import { createReactTestbed, type ReactTestbed } from '../test/createReactTestbed.js'
import { createSigilWrapper } from '../test/createSigilWrapper.js'
import { useAuthError } from './useAuthError.js'

let testbed: ReactTestbed
beforeEach(async () => {
  testbed = await createReactTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

test('behavior: useAuthError (Account Kit name) returns the last sign-in error of the card', async () => {
  const user = userEvent.setup()
  // An app key the server does not know: the email sign-in is refused (401).
  const config = testbed.createConfig({
    connection: { rpcUrl: 'http://sigil.test', apiKey: 'sigil_unknown' },
  })
  const seen: (Error | undefined)[] = []
  function ErrorLine() {
    const error = useAuthError()
    seen.push(error)
    return <output>{error ? `error: ${error.message}` : 'no error'}</output>
  }
  render(
    <>
      <AuthCard />
      <ErrorLine />
    </>,
    { wrapper: createSigilWrapper(config) },
  )
  expect(screen.getByRole('status').textContent).toBe('no error')
  await waitFor(() => expect(config.store.getState().signer).toBeDefined())
  await user.type(screen.getByLabelText('Email'), 'ada@example.com')
  await user.click(screen.getByRole('button', { name: 'Continue' }))
  await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^error: /))
  expect(screen.getByRole('status').textContent).toContain('unknown or revoked API key')
  // The card shows the same error.
  expect((await screen.findByRole('alert')).textContent).toBe('Unknown or revoked API key.')
  expect(seen.at(-1)).toBeInstanceOf(Error)
  expect(seen[0]).toBeUndefined()
})

test('default: useAuthError is undefined before any sign-in', () => {
  const config = testbed.createConfig()
  const { result } = renderHook(() => useAuthError(), { wrapper: createSigilWrapper(config) })
  expect(result.current).toBeUndefined()
})
