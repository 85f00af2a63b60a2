import { base64urlnopad } from '@scure/base'
import { describe, expect, test } from 'vitest'
import { InvalidEncodingError } from '../errors/InvalidEncodingError.js'
import { base64urlDecode } from './base64urlDecode.js'
import { base64urlEncode } from './base64urlEncode.js'

describe('base64urlDecode', () => {
  test('default', () => {
    expect(new TextDecoder().decode(base64urlDecode('eyJhIjoxfQ'))).toBe('{"a":1}')
  })

  test('behavior: tolerates padding', () => {
    expect(base64urlDecode('-_8=')).toEqual(new Uint8Array([0xfb, 0xff]))
    expect(base64urlDecode('eyJhIjoxfQ==')).toEqual(base64urlDecode('eyJhIjoxfQ'))
  })

  test('behavior: round-trips with base64urlEncode', () => {
    for (const length of [0, 1, 2, 3, 31, 32, 33]) {
      const bytes = crypto.getRandomValues(new Uint8Array(length))
      expect(base64urlDecode(base64urlEncode(bytes))).toEqual(bytes)
    }
  })

  test('error: characters of the standard alphabet', () => {
    expect(() => base64urlDecode('+/8')).toThrow(InvalidEncodingError)
  })

  test('error: impossible length', () => {
    expect(() => base64urlDecode('abcde')).toThrow(InvalidEncodingError)
  })

  test('error: non-canonical trailing bits', () => {
    expect(() => base64urlDecode('eyJhIjoxfR')).toThrow(InvalidEncodingError)
    expect(() => base64urlDecode('-_9')).toThrow(InvalidEncodingError)
    expect(() => base64urlDecode('AB')).toThrow(InvalidEncodingError)
  })

  test('behavior: the same bytes as the portable decoder for every character in every position', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    for (const character of alphabet)
      for (const text of [`${character}AAA`, `A${character}AA`, `AA${character}A`, `AAA${character}`]) {
        expect(base64urlDecode(text)).toEqual(base64urlnopad.decode(text))
        expect(base64urlDecode(text).constructor).toBe(Uint8Array)
      }
    // Last characters of 2- and 3-character tails: canonical ones decode as the portable decoder does,
    // the others are refused by both.
    for (const character of alphabet)
      for (const text of [`A${character}`, `AA${character}`]) {
        let portable: Uint8Array | undefined
        try {
          portable = base64urlnopad.decode(text)
        } catch {}
        if (portable) expect(base64urlDecode(text)).toEqual(portable)
        else expect(() => base64urlDecode(text)).toThrow(InvalidEncodingError)
      }
  })
})
