import { describe, expect, test } from 'vitest'
import { InvalidEncodingError } from '../errors/InvalidEncodingError.js'
import { bytesToHex } from './bytesToHex.js'
import { hexToBytes } from './hexToBytes.js'

describe('hexToBytes', () => {
  test('default', () => {
    expect(hexToBytes('0001abff')).toEqual(new Uint8Array([0, 1, 171, 255]))
  })

  test('behavior: accepts a 0x prefix and upper case', () => {
    expect(hexToBytes('0xABcd')).toEqual(new Uint8Array([171, 205]))
    expect(hexToBytes('0x')).toEqual(new Uint8Array())
  })

  test('behavior: round-trips with bytesToHex', () => {
    const bytes = crypto.getRandomValues(new Uint8Array(64))
    expect(hexToBytes(bytesToHex(bytes))).toEqual(bytes)
  })

  test('error: odd length', () => {
    expect(() => hexToBytes('abc')).toThrow(InvalidEncodingError)
  })

  test('error: non-hex character', () => {
    expect(() => hexToBytes('zz')).toThrow(InvalidEncodingError)
    expect(() => hexToBytes('0x 1')).toThrow(InvalidEncodingError)
    expect(() => hexToBytes('+1')).toThrow(InvalidEncodingError)
  })
})
