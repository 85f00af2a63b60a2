import { SignerRequestError } from '@sigil/signer'
import { expect, test } from 'vitest'
import { getCodeErrorText } from './getCodeErrorText.js'

const serverError = (status: number, error: string, code: string) =>
  new SignerRequestError(JSON.stringify({ error, code }), { status, route: '/v1/otp' })

test('default: the server says which code was wrong, the field shows the spec text', () => {
  expect(getCodeErrorText(serverError(400, 'invalid OTP code', 'INVALID_OTP_CODE'), 'otp')).toBe(
    'The code you entered is incorrect',
  )
  expect(getCodeErrorText(new Error('orgId not found in session'), 'otp')).toBeUndefined()
  expect(getCodeErrorText(serverError(401, 'Invalid MFA code', 'INVALID_MFA_CODE'), 'totp')).toBe(
    'The code you entered is incorrect',
  )
  expect(getCodeErrorText(new Error('network down'), 'totp')).toBe(
    'An error occurred while verifying the code',
  )
})

test('behavior: a code that can no longer be used says so and points at Resend, not "incorrect"', () => {
  expect(getCodeErrorText(serverError(400, 'invalid OTP code', 'OTP_CODE_EXPIRED'), 'otp')).toBe(
    'This code has expired or had too many wrong tries. Select Resend below for a new one.',
  )
})
