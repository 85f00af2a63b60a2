import { describe, expect, test } from 'vitest'
import { hexToBytes } from '../encoding/hexToBytes.js'
import { InvalidEncodingError } from '../errors/InvalidEncodingError.js'
import { toP256PrivateKeyBytes } from './toP256PrivateKeyBytes.js'

const key = '11'.repeat(32)

describe('toP256PrivateKeyBytes', () => {
  test('default', () => {
    expect(toP256PrivateKeyBytes(key)).toEqual(hexToBytes(key))
  })

  test('behavior: bytes pass through, 0x hex is accepted', () => {
    const bytes = hexToBytes(key)
    expect(toP256PrivateKeyBytes(bytes)).toBe(bytes)
    expect(toP256PrivateKeyBytes(`0x${key}`)).toEqual(bytes)
  })

  test('error: wrong length', () => {
    expect(() => toP256PrivateKeyBytes('11'.repeat(31))).toThrow(/expected 32 bytes, got 31/)
    expect(() => toP256PrivateKeyBytes(new Uint8Array(33))).toThrow(InvalidEncodingError)
  })

  test('error: zero or not below the group order', () => {
    expect(() => toP256PrivateKeyBytes('00'.repeat(32))).toThrow(InvalidEncodingError)
    // n, the order of P-256.
    expect(() =>
      toP256PrivateKeyBytes('ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551'),
    ).toThrow(InvalidEncodingError)
  })

  test('error: not hex', () => {
    expect(() => toP256PrivateKeyBytes('zz'.repeat(32))).toThrow(InvalidEncodingError)
  })
})
