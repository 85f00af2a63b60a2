import { describe, expect, test } from 'vitest'
import { InvalidEncodingError } from '../errors/InvalidEncodingError.js'
import { base58Decode } from './base58Decode.js'
import { base58Encode } from './base58Encode.js'

describe('base58Decode', () => {
  test('default', () => {
    expect(new TextDecoder().decode(base58Decode('2NEpo7TZRRrLZSi2U'))).toBe('Hello World!')
  })

  test('behavior: round-trips with base58Encode', () => {
    const bytes = crypto.getRandomValues(new Uint8Array(64))
    bytes[0] = 0
    expect(base58Decode(base58Encode(bytes))).toEqual(bytes)
  })

  test('error: characters outside the Bitcoin alphabet', () => {
    for (const text of ['0abc', 'Oabc', 'Iabc', 'labc', 'ab-c'])
      expect(() => base58Decode(text)).toThrow(InvalidEncodingError)
  })
})
