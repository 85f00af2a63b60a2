// @vitest-environment happy-dom
import { authenticate } from '@sigil/core'
import { render, screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { createMagicLinkApp } from '../../test/createMagicLinkApp.js'
import { createReactTestbed, type ReactTestbed } from '../../test/createReactTestbed.js'
import { createSigilWrapper } from '../../test/createSigilWrapper.js'
import { AuthCard } from '../AuthCard.js'

/** The link step ('Check your email') with an app in magic-link mode on the real server. */

const email = 'ada@example.com'
let testbed: ReactTestbed
beforeEach(async () => {
  testbed = await createReactTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

const startLinkSignIn = async (props: Parameters<typeof AuthCard>[0] = {}) => {
  const user = userEvent.setup()
  const magic = await createMagicLinkApp(testbed)
  const config = testbed.createConfig({ connection: magic.connection })
  render(<AuthCard {...props} />, { wrapper: createSigilWrapper(config) })
  await waitFor(() => expect(config.store.getState().signer).toBeDefined())
  await user.type(screen.getByLabelText('Email'), email)
  await user.click(screen.getByRole('button', { name: 'Continue' }))
  await screen.findByRole('heading', { name: 'Check your email' })
  return { user, magic, config }
}

test('default: the server says link mode: "Check your email"; opening the link completes', async () => {
  const onAuthSuccess = vi.fn()
  // The section asks for codes; the server's mode (getConfig) wins.
  const { magic, config } = await startLinkSignIn({
    onAuthSuccess,
    sections: [[{ type: 'email', emailMode: 'otp' }]],
  })
  expect(screen.getByText('We sent a verification link to', { exact: false }).textContent).toBe(
    `We sent a verification link to${email}`,
  )
  expect(screen.getByText("Didn't receive the email?", { exact: false })).toBeDefined()
  expect(screen.queryByLabelText('Verification code')).toBeNull()
  const link = await magic.openLink(email)
  expect(link.isSignup).toBe(true) // a new user's link carries aa-is-signup=true
  await authenticate(config, { type: 'email', bundle: link.bundle, orgId: link.orgId })
  await waitFor(() => expect(onAuthSuccess).toHaveBeenCalledTimes(1))
})

test('behavior: Resend mails a new link and reads "Done!" for two seconds', async () => {
  const { user, magic } = await startLinkSignIn()
  const first = await testbed.readCode(email)
  await user.click(screen.getByRole('button', { name: 'Resend' }))
  expect(screen.getByRole('button', { name: 'Done!' })).toBeDefined()
  await waitFor(async () => expect(await testbed.readCode(email)).not.toBe(first))
  // The account stays a sign-up until a link is opened: the resent link still says so.
  expect((await magic.openLink(email)).isSignup).toBe(true)
  await waitFor(() => expect(screen.getByRole('button', { name: 'Resend' })).toBeDefined(), { timeout: 3000 })
  expect(screen.getByRole('heading', { name: 'Check your email' })).toBeDefined()
})

test('behavior: Back ends the pending link sign-in and returns to the first step', async () => {
  const { user, config } = await startLinkSignIn()
  await user.click(screen.getByRole('button', { name: 'Back' }))
  expect(screen.getByRole('heading', { name: 'Sign in' })).toBeDefined()
  await waitFor(() => expect(config.store.getState().signerStatus.status).toBe('DISCONNECTED'))
})
