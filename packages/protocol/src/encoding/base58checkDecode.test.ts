import { describe, expect, test } from 'vitest'
import { InvalidEncodingError } from '../errors/InvalidEncodingError.js'
import { base58checkDecode } from './base58checkDecode.js'
import { base58checkEncode } from './base58checkEncode.js'

describe('base58checkDecode', () => {
  test('default', () => {
    expect(base58checkDecode('3DUz7ncyT')).toEqual(new Uint8Array([1, 2, 3]))
  })

  test('behavior: round-trips with base58checkEncode', () => {
    const payload = crypto.getRandomValues(new Uint8Array(81))
    expect(base58checkDecode(base58checkEncode(payload))).toEqual(payload)
  })

  test('error: checksum mismatch', () => {
    expect(() => base58checkDecode('3DUz7ncyU')).toThrow(InvalidEncodingError)
  })

  test('error: too short to hold a checksum', () => {
    expect(() => base58checkDecode('2')).toThrow(InvalidEncodingError)
  })

  test('error: character outside the alphabet', () => {
    expect(() => base58checkDecode('3DUz7ncy0')).toThrow(InvalidEncodingError)
  })
})
