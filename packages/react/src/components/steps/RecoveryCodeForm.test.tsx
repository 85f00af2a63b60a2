// @vitest-environment happy-dom
import { addMfa, disconnect, verifyMfa } from '@sigil/core'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { generate } from 'otplib'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { waitForSignerStatus } from '../../../../core/src/test/createCoreTestbed.js'
import type { SigilReactConfig } from '../../context/SigilUiConfig.js'
import { createReactTestbed, type ReactTestbed } from '../../test/createReactTestbed.js'
import { createSigilWrapper } from '../../test/createSigilWrapper.js'
import { AuthCard } from '../AuthCard.js'

/** "Use a recovery code" on the authenticator-code step, against the real server. */

const email = 'grace@example.com'
let testbed: ReactTestbed
beforeEach(async () => {
  testbed = await createReactTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

/** Signs `email` up with a verified TOTP factor, signs out; returns the recovery codes shown. */
async function enrolTotp(config: SigilReactConfig): Promise<string[]> {
  await testbed.signIn(config, email)
  const { multiFactorId, multiFactorTotpUrl } = await addMfa(config, { multiFactorType: 'totp' })
  const secret = new URL(multiFactorTotpUrl).searchParams.get('secret')!
  const { recoveryCodes } = await verifyMfa(config, {
    multiFactorId,
    multiFactorCode: await generate({ secret, epoch: Math.floor(Date.now() / 1000) - 30 }),
  })
  await disconnect(config)
  return recoveryCodes ?? []
}

/** Email and emailed code in the card, up to the authenticator step, then "Use a recovery code". */
async function reachRecoveryField(config: SigilReactConfig, onAuthSuccess: () => void) {
  const user = userEvent.setup()
  render(<AuthCard onAuthSuccess={onAuthSuccess} />, { wrapper: createSigilWrapper(config) })
  await user.type(screen.getByLabelText('Email'), email)
  await user.click(screen.getByRole('button', { name: 'Continue' }))
  await screen.findByRole('heading', { name: 'Enter verification code' })
  await waitForSignerStatus(config, 'AWAITING_EMAIL_AUTH')
  await user.type(screen.getByLabelText('Verification code'), await testbed.readCode(email))
  await screen.findByRole('heading', { name: 'Enter authenticator app code' })
  await user.click(screen.getByRole('button', { name: 'Lost your device? Use a recovery code' }))
  await screen.findByRole('heading', { name: 'Enter a recovery code' })
  return user
}

test('default: a recovery code finishes the sign-in; the same code fails next time, in words', async () => {
  const config = testbed.createConfig()
  const [code] = await enrolTotp(config)
  const onAuthSuccess = vi.fn()
  let user = await reachRecoveryField(config, onAuthSuccess)
  await user.type(screen.getByLabelText('Recovery code'), code!.toLowerCase())
  await user.click(screen.getByRole('button', { name: 'Continue' }))
  await waitFor(() => expect(onAuthSuccess).toHaveBeenCalledTimes(1))
  expect(config.store.getState().signerStatus.isConnected).toBe(true)

  await disconnect(config)
  cleanup()
  const again = vi.fn()
  user = await reachRecoveryField(config, again)
  await user.type(screen.getByLabelText('Recovery code'), code!)
  await user.click(screen.getByRole('button', { name: 'Continue' }))
  expect((await screen.findByRole('alert')).textContent).toBe(
    'That recovery code is wrong or was already used. Try another of your codes.',
  )
  expect(again).not.toHaveBeenCalled()
  expect(config.store.getState().signerStatus.status).toBe('AWAITING_MFA_AUTH')
  // The way back to the authenticator code.
  await user.click(screen.getByRole('button', { name: 'Use the authenticator app instead' }))
  expect(await screen.findByLabelText('Authenticator app code')).toBeDefined()
})
