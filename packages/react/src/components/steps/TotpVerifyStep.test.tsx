// @vitest-environment happy-dom
import {
  addMfa,
  authenticate,
  disconnect,
  sendVerificationCode,
  setPhoneNumber,
  verifyMfa,
} from '@sigil/core'
import { render, screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { generate } from 'otplib'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { waitForSignerStatus } from '../../../../core/src/test/createCoreTestbed.js'
import { addVerifiedTotpFactor } from '../../../../server/src/auth/email/test/addVerifiedTotpFactor.js'
import { readSmsCode } from '../../../../server/src/auth/sms/test/readSmsCode.js'
import type { SigilReactConfig } from '../../context/SigilUiConfig.js'
import { createMagicLinkApp } from '../../test/createMagicLinkApp.js'
import { createReactTestbed, type ReactTestbed } from '../../test/createReactTestbed.js'
import { createSigilWrapper } from '../../test/createSigilWrapper.js'
import { AuthCard } from '../AuthCard.js'

/** The authenticator-code step (AWAITING_MFA_AUTH) against the real server, with a real TOTP factor. */

const email = 'ada@example.com'
let testbed: ReactTestbed
beforeEach(async () => {
  testbed = await createReactTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

/** The authenticator app's code `offsetSteps` 30-second steps from now. */
const totpCode = (otpauthUrl: string, offsetSteps = 0) =>
  generate({
    secret: new URL(otpauthUrl).searchParams.get('secret')!,
    epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30,
  })

/** Signs `email` up, gives it a verified TOTP factor, signs out; returns the factor's otpauth URL. */
async function enrolTotp(config: SigilReactConfig): Promise<string> {
  await testbed.signIn(config, email)
  const { multiFactorId, multiFactorTotpUrl } = await addMfa(config, { multiFactorType: 'totp' })
  await verifyMfa(config, { multiFactorId, multiFactorCode: await totpCode(multiFactorTotpUrl, -1) })
  await disconnect(config)
  return multiFactorTotpUrl
}

test('default: after the email code, a wrong authenticator code is refused and the right one completes', async () => {
  const user = userEvent.setup()
  const onAuthSuccess = vi.fn()
  const config = testbed.createConfig()
  const totpUrl = await enrolTotp(config)
  render(<AuthCard onAuthSuccess={onAuthSuccess} />, { wrapper: createSigilWrapper(config) })
  await user.type(screen.getByLabelText('Email'), email)
  await user.click(screen.getByRole('button', { name: 'Continue' }))
  await screen.findByRole('heading', { name: 'Enter verification code' })
  await waitForSignerStatus(config, 'AWAITING_EMAIL_AUTH')
  await user.type(screen.getByLabelText('Verification code'), await testbed.readCode(email))

  expect(await screen.findByRole('heading', { name: 'Enter authenticator app code' })).toBeDefined()
  expect(config.store.getState().signerStatus.status).toBe('AWAITING_MFA_AUTH')
  const right = await totpCode(totpUrl)
  const wrong = right === '000000' ? '111111' : '000000'
  await user.type(screen.getByLabelText('Authenticator app code'), wrong)
  expect((await screen.findByRole('alert')).textContent).toBe('The code you entered is incorrect')
  expect(onAuthSuccess).not.toHaveBeenCalled()

  await user.type(screen.getByLabelText('Authenticator app code'), right)
  await waitFor(() => expect(onAuthSuccess).toHaveBeenCalledTimes(1))
  expect(config.store.getState().signerStatus.isConnected).toBe(true)
})

test('behavior: in link mode the code is asked before the link is sent, then "Check your email"; the link completes', async () => {
  const user = userEvent.setup()
  const onAuthSuccess = vi.fn()
  const magic = await createMagicLinkApp(testbed)
  const config = testbed.createConfig({ connection: magic.connection })
  // Sign up by link, add a verified authenticator factor, sign out.
  const pending = authenticate(config, { type: 'email', email })
  await waitForSignerStatus(config, 'AWAITING_EMAIL_AUTH')
  const signedUp = await authenticate(config, { type: 'email', ...(await magic.openLink(email)) })
  await pending
  const factor = await addVerifiedTotpFactor(testbed.server, signedUp.userId)
  await disconnect(config)

  render(<AuthCard onAuthSuccess={onAuthSuccess} />, { wrapper: createSigilWrapper(config) })
  await user.type(screen.getByLabelText('Email'), email)
  await user.click(screen.getByRole('button', { name: 'Continue' }))
  expect(await screen.findByRole('heading', { name: 'Enter authenticator app code' })).toBeDefined()
  const right = await factor.code()
  await user.type(screen.getByLabelText('Authenticator app code'), right === '000000' ? '111111' : '000000')
  expect((await screen.findByRole('alert')).textContent).toBe('The code you entered is incorrect')
  await user.type(screen.getByLabelText('Authenticator app code'), right)
  expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeDefined()

  const { bundle, orgId } = await magic.openLink(email)
  await authenticate(config, { type: 'email', bundle, orgId })
  await waitFor(() => expect(onAuthSuccess).toHaveBeenCalledTimes(1))
})

test('behavior: a text-message factor asks for the texted code and sends it on "Send code"', async () => {
  const user = userEvent.setup()
  const onAuthSuccess = vi.fn()
  const config = testbed.createConfig()
  const phone = '+14155550481'
  await testbed.signIn(config, email)
  await sendVerificationCode(config, { type: 'sms', contact: phone })
  await setPhoneNumber(config, { verificationCode: await readSmsCode(testbed.server, phone) })
  const added = await addMfa(config, { multiFactorType: 'sms' })
  await verifyMfa(config, {
    multiFactorId: added.multiFactorId,
    multiFactorCode: await readSmsCode(testbed.server, phone),
  })
  await disconnect(config)

  render(<AuthCard onAuthSuccess={onAuthSuccess} />, { wrapper: createSigilWrapper(config) })
  await user.type(screen.getByLabelText('Email'), email)
  await user.click(screen.getByRole('button', { name: 'Continue' }))
  await screen.findByRole('heading', { name: 'Enter verification code' })
  await waitForSignerStatus(config, 'AWAITING_EMAIL_AUTH')
  await user.type(screen.getByLabelText('Verification code'), await testbed.readCode(email))

  expect(await screen.findByRole('heading', { name: 'Enter the code we texted you' })).toBeDefined()
  const texts = () =>
    testbed.server.store.db.selectFrom('dev_sms').select('id').where('to_number', '=', phone).execute()
  const before = (await texts()).length
  await user.click(screen.getByRole('button', { name: 'Send code' }))
  await screen.findByText('We texted a code to your phone.')
  expect((await texts()).length).toBe(before + 1)
  const texted = await readSmsCode(testbed.server, phone)
  await user.type(screen.getByLabelText('Text message code'), texted)
  await waitFor(() => expect(onAuthSuccess).toHaveBeenCalledTimes(1))
  expect(config.store.getState().signerStatus.status).toBe('CONNECTED')
})
