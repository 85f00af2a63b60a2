// @vitest-environment happy-dom

import { startSmsSignIn, submitOtp } from '@sigil/core'
import { act, renderHook, waitFor } from '@testing-library/react'
import { generate } from 'otplib'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { readSmsCode } from '../../../server/src/auth/sms/test/readSmsCode.js'
import { SignerNotReadyError } from '../context/errors/SignerNotReadyError.js'
import { createReactTestbed, type ReactTestbed } from '../test/createReactTestbed.js'
import { createSigilWrapper } from '../test/createSigilWrapper.js'
import { useAuthenticate } from './useAuthenticate.js'
import { useLogout } from './useLogout.js'
import { useMFA } from './useMFA.js'
import { useSignerStatus } from './useSignerStatus.js'
import { useValidateMultiFactors } from './useValidateMultiFactors.js'

let testbed: ReactTestbed
beforeEach(async () => {
  testbed = await createReactTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

/** The code of an `otpauth://` URL `offsetSteps` 30-second steps from now (a code is accepted once). */
const totpCode = (otpauthUrl: string, offsetSteps = 0) =>
  generate({
    secret: new URL(otpauthUrl).searchParams.get('secret')!,
    algorithm: 'sha1',
    digits: 6,
    period: 30,
    epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30,
  })

const renderMfa = () => {
  const config = testbed.createConfig()
  const rendered = renderHook(
    () => ({
      mfa: useMFA(),
      status: useSignerStatus(),
      auth: useAuthenticate(),
      validate: useValidateMultiFactors(),
      logout: useLogout(),
    }),
    { wrapper: createSigilWrapper(config) },
  )
  return { ...rendered, config }
}

test('default: enrol a TOTP factor, sign in again through AWAITING_MFA_AUTH, remove it', async () => {
  const { result, config } = renderMfa()
  await testbed.signIn(config, 'ada@example.com')
  await waitFor(() => expect(result.current.mfa.isReady).toBe(true))

  expect(await act(() => result.current.mfa.getMFAFactors.mutateAsync())).toEqual({ multiFactors: [] })
  const added = await act(() => result.current.mfa.addMFA.mutateAsync({ multiFactorType: 'totp' }))
  if (added.multiFactorType !== 'totp') throw new Error('expected a TOTP enrolment')
  const { multiFactorId, multiFactorTotpUrl } = added
  expect(multiFactorTotpUrl).toMatch(/^otpauth:\/\/totp\//)
  const verified = await act(async () =>
    result.current.mfa.verifyMFA.mutateAsync({
      multiFactorId,
      multiFactorCode: await totpCode(multiFactorTotpUrl),
    }),
  )
  expect(verified.multiFactors).toEqual([
    { multiFactorId, multiFactorType: 'totp', createdAt: expect.any(String) },
  ])

  await act(() => result.current.logout.logoutAsync())
  expect(result.current.mfa.isReady).toBe(false)
  act(() => result.current.auth.authenticate({ type: 'email', email: 'ada@example.com' }))
  await waitFor(() => expect(result.current.status.status).toBe('AWAITING_EMAIL_AUTH'))
  const otpCode = await testbed.readCode('ada@example.com')
  act(() => result.current.auth.authenticate({ type: 'otp', otpCode }))
  await waitFor(() => expect(result.current.status.status).toBe('AWAITING_MFA_AUTH'))
  expect(result.current.status).toMatchObject({ isAuthenticating: false, isConnected: false })

  await act(async () =>
    result.current.validate.validateMultiFactorsAsync({
      multiFactorCode: await totpCode(multiFactorTotpUrl, 1),
    }),
  )
  await waitFor(() => expect(result.current.mfa.isReady).toBe(true))
  // Removing needs a current code; each step is accepted once, so the server's clock moves one step on.
  await expect(
    act(() => result.current.mfa.removeMFA.mutateAsync({ multiFactorIds: [multiFactorId] })),
  ).rejects.toThrow('MFA is required for this user')
  testbed.server.app.sigil.now = () => Date.now() + 30_000
  const multiFactorCode = await totpCode(multiFactorTotpUrl, 2)
  const removed = await act(() =>
    result.current.mfa.removeMFA.mutateAsync({
      multiFactorIds: [multiFactorId],
      multiFactors: [{ multiFactorId, multiFactorCode }],
    }),
  )
  expect(removed).toEqual({ multiFactors: [] })
})

test("error: before sign-in every mutation fails with 'Signer not connected or initialized'", async () => {
  const { result } = renderMfa()
  await waitFor(() => expect(result.current.status.isDisconnected).toBe(true))
  expect(result.current.mfa.isReady).toBe(false)
  await expect(result.current.mfa.addMFA.mutateAsync({ multiFactorType: 'totp' })).rejects.toThrowError(
    SignerNotReadyError,
  )
  await expect(result.current.mfa.getMFAFactors.mutateAsync()).rejects.toThrowError(
    'Signer not connected or initialized',
  )
})

test("behavior: addMFA({ multiFactorType: 'sms' }) texts a code, sendMFACode a new one, verifyMFA confirms it", async () => {
  const { result, config } = renderMfa()
  const phone = '+14155550471'
  await startSmsSignIn(config, { phone })
  await submitOtp(config, { code: await readSmsCode(testbed.server, phone) })
  await waitFor(() => expect(result.current.mfa.isReady).toBe(true))
  const added = await act(() => result.current.mfa.addMFA.mutateAsync({ multiFactorType: 'sms' }))
  expect(added).toEqual({ multiFactorType: 'sms', multiFactorId: expect.any(String) })
  const first = await readSmsCode(testbed.server, phone)
  await act(() => result.current.mfa.sendMFACode.mutateAsync({ multiFactorId: added.multiFactorId }))
  const second = await readSmsCode(testbed.server, phone)
  // The new code replaced the first one (unless both happen to be the same 6 digits).
  if (first !== second)
    await expect(
      act(() =>
        result.current.mfa.verifyMFA.mutateAsync({
          multiFactorId: added.multiFactorId,
          multiFactorCode: first,
        }),
      ),
    ).rejects.toThrow('Invalid MFA code')
  const verified = await act(() =>
    result.current.mfa.verifyMFA.mutateAsync({ multiFactorId: added.multiFactorId, multiFactorCode: second }),
  )
  expect(verified.multiFactors).toEqual([
    { multiFactorId: added.multiFactorId, multiFactorType: 'sms', createdAt: expect.any(String) },
  ])
})
