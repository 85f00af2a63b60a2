import { Buffer } from 'node:buffer'
import { describe, expect, test } from 'vitest'
import { encodeStampEnvelope } from './encodeStampEnvelope.js'
import { parseApiKeyStamp } from './parseApiKeyStamp.js'
import { turnkeyApiKeyStampVectors } from './stamp.vectors.js'

describe('encodeStampEnvelope', () => {
  test('default', () => {
    // The header values `@turnkey/api-key-stamper` made, byte for byte.
    for (const { stampHeaderValue } of [turnkeyApiKeyStampVectors.highS, turnkeyApiKeyStampVectors.lowS])
      expect(encodeStampEnvelope(parseApiKeyStamp(stampHeaderValue))).toBe(stampHeaderValue)
  })

  test('behavior: keys in the fixed order, unpadded base64url', () => {
    const value = encodeStampEnvelope({
      signature: '3006020101020101',
      scheme: 'SIGNATURE_SCHEME_TK_API_P256',
      publicKey: '02ff',
    })
    expect(value).not.toMatch(/[=+/]/)
    expect(Buffer.from(value, 'base64url').toString('utf8')).toBe(
      '{"publicKey":"02ff","scheme":"SIGNATURE_SCHEME_TK_API_P256","signature":"3006020101020101"}',
    )
  })
})
