import { describe, expect, test } from 'vitest'
import { type SignerErrorBody, signerErrorCodes } from './signerErrorCodes.js'

describe('signerErrorCodes', () => {
  test('default', () => {
    expect(signerErrorCodes.INVALID_OTP_CODE).toBe('INVALID_OTP_CODE')
    expect(signerErrorCodes.MFA_REQUIRED).toBe('MFA_REQUIRED')
  })

  test('behavior: every code is its own name', () => {
    for (const [name, code] of Object.entries(signerErrorCodes)) expect(code).toBe(name)
  })

  test('behavior: an error body names its code', () => {
    const body: SignerErrorBody = { error: 'invalid OTP code', code: signerErrorCodes.INVALID_OTP_CODE }
    expect(JSON.parse(JSON.stringify(body))).toEqual({ error: 'invalid OTP code', code: 'INVALID_OTP_CODE' })
  })
})
