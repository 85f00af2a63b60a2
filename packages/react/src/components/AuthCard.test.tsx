// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createReactTestbed, type ReactTestbed } from '../test/createReactTestbed.js'
import { createSigilWrapper } from '../test/createSigilWrapper.js'
import { AuthCard } from './AuthCard.js'

let testbed: ReactTestbed
beforeEach(async () => {
  testbed = await createReactTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

test('default: step initial has the email field, Continue, the passkey button, "or" and the terms line', async () => {
  const config = testbed.createConfig()
  render(<AuthCard termsUrl="https://example.com/terms" />, { wrapper: createSigilWrapper(config) })
  expect(screen.getByRole('heading', { name: 'Sign in' })).toBeDefined()
  const email = screen.getByLabelText('Email')
  expect(email.getAttribute('type')).toBe('email')
  expect(email.getAttribute('placeholder')).toBe('Email')
  expect(screen.getByRole('button', { name: 'Continue' })).toBeDefined()
  expect(screen.getByRole('button', { name: 'I have a passkey' })).toBeDefined()
  expect(screen.getByText('or')).toBeDefined()
  expect(screen.getByText(/By signing in, you agree to the/).textContent).toBe(
    'By signing in, you agree to the Terms of Service',
  )
  expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
    'https://example.com/terms',
  )
  expect(screen.queryByRole('button', { name: 'Back' })).toBeNull()
})

test('behavior: the UI options draw their sections, header and a social button per provider', async () => {
  const config = testbed.createConfig(
    {},
    {
      auth: {
        sections: [
          [{ type: 'email' }],
          [
            { type: 'passkey' },
            { type: 'social', authProviderId: 'google', mode: 'popup' },
            { type: 'social', authProviderId: 'auth0', displayName: 'Acme', logoUrl: 'x.svg', mode: 'popup' },
          ],
          [{ type: 'external_wallets' }],
        ],
        header: <p>Acme app</p>,
      },
    },
  )
  render(<AuthCard />, { wrapper: createSigilWrapper(config) })
  expect(screen.getByText('Acme app')).toBeDefined()
  expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeDefined()
  expect(screen.getByRole('button', { name: 'Continue with Acme' })).toBeDefined()
  expect(screen.getByRole('button', { name: 'Continue with a wallet' })).toBeDefined()
  expect(screen.getAllByText('or')).toHaveLength(2)
})

test('behavior: a theme prop sets data-theme; the default follows prefers-color-scheme (auto)', () => {
  const config = testbed.createConfig()
  const { container, rerender } = render(<AuthCard />, { wrapper: createSigilWrapper(config) })
  expect(container.querySelector('.sigil-theme')?.getAttribute('data-theme')).toBe('auto')
  rerender(<AuthCard theme="dark" />)
  expect(container.querySelector('.sigil-theme')?.getAttribute('data-theme')).toBe('dark')
})

test('error: an invalid email shows "Must provide a valid email." and stays on initial', async () => {
  const user = userEvent.setup()
  const config = testbed.createConfig()
  render(<AuthCard />, { wrapper: createSigilWrapper(config) })
  await user.type(screen.getByLabelText('Email'), 'not-an-email')
  await user.click(screen.getByRole('button', { name: 'Continue' }))
  expect(screen.getByRole('alert').textContent).toBe('Must provide a valid email.')
  expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true')
  expect(screen.getByRole('heading', { name: 'Sign in' })).toBeDefined()
})

test("error: a refused email sign-in returns to the first step with the server's reason; hideError hides it", async () => {
  const user = userEvent.setup()
  // An app key the server does not know: every sign-in call is refused (401).
  const config = testbed.createConfig({
    connection: { rpcUrl: 'http://sigil.test', apiKey: 'sigil_unknown' },
  })
  const { rerender } = render(<AuthCard />, { wrapper: createSigilWrapper(config) })
  await waitFor(() => expect(config.store.getState().signer).toBeDefined())
  await user.type(screen.getByLabelText('Email'), 'ada@example.com')
  await user.click(screen.getByRole('button', { name: 'Continue' }))
  expect((await screen.findByRole('alert')).textContent).toBe('Unknown or revoked API key.')
  expect(screen.getByRole('heading', { name: 'Sign in' })).toBeDefined()
  rerender(<AuthCard hideError />)
  expect(screen.queryByRole('alert')).toBeNull()
})

test('behavior: an OAuth sign-in that stops at AWAITING_MFA_AUTH (popup or redirect return) shows the code step', async () => {
  const config = testbed.createConfig()
  render(<AuthCard />, { wrapper: createSigilWrapper(config) })
  expect(screen.getByRole('heading', { name: 'Sign in' })).toBeDefined()
  await waitFor(() => expect(config.store.getState().signer).toBeTruthy())
  const signer = config.store.getState().signer!
  await signer.ready
  // What oauthWithPopup and handleRedirectReturn do with an MFA-required result.
  signer.store.setState({ status: 'AWAITING_MFA_AUTH', mfaStatus: { mfaRequired: true, mfaFactorId: 'f1' } })
  await waitFor(() =>
    expect(screen.getByRole('heading', { name: 'Enter authenticator app code' })).toBeDefined(),
  )
})
