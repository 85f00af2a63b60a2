import { describe, expect, test } from 'vitest'
import { InvalidStampError } from '../errors/InvalidStampError.js'
import { parseWebauthnStamp } from './parseWebauthnStamp.js'

const valid = {
  authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ',
  clientDataJson: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0',
  credentialId: 'AAECAwQFBgcICQ',
  signature: 'MEUCIQD-AiEA_w',
}

describe('parseWebauthnStamp', () => {
  test('default', () => {
    expect(parseWebauthnStamp(JSON.stringify(valid))).toEqual(valid)
  })

  test('behavior: ignores extra fields and field order', () => {
    const { signature, credentialId, clientDataJson, authenticatorData } = valid
    const header = JSON.stringify({ signature, extra: 1, credentialId, clientDataJson, authenticatorData })
    expect(parseWebauthnStamp(header)).toEqual(valid)
  })

  test('error: not JSON (e.g. base64url of the JSON)', () => {
    expect(() => parseWebauthnStamp('eyJ9')).toThrow(InvalidStampError)
  })

  test('error: missing, empty or wrongly typed field', () => {
    for (const field of Object.keys(valid)) {
      expect(() => parseWebauthnStamp(JSON.stringify({ ...valid, [field]: undefined }))).toThrow(
        /must be a non-empty/,
      )
      expect(() => parseWebauthnStamp(JSON.stringify({ ...valid, [field]: '' }))).toThrow(InvalidStampError)
      expect(() => parseWebauthnStamp(JSON.stringify({ ...valid, [field]: 42 }))).toThrow(InvalidStampError)
    }
    expect(() => parseWebauthnStamp('{"clientDataJSON":"eyJ9"}')).toThrow(InvalidStampError)
  })

  test('error: a field that is not base64url', () => {
    expect(() => parseWebauthnStamp(JSON.stringify({ ...valid, signature: 'MEU+/w==' }))).toThrow(
      /not base64url/,
    )
  })

  test('error: not an object', () => {
    expect(() => parseWebauthnStamp('[]')).toThrow(InvalidStampError)
    expect(() => parseWebauthnStamp('null')).toThrow(InvalidStampError)
  })
})
