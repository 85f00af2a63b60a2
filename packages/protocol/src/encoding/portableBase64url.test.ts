import { base64urlnopad } from '@scure/base'
import { describe, expect, test } from 'vitest'
import { portableBase64url } from './portableBase64url.js'

const nodeEncode = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')

describe('portableBase64url', () => {
  test('default', () => {
    expect(portableBase64url.encode(new TextEncoder().encode('{"a":1}'))).toBe('eyJhIjoxfQ')
    expect(new TextDecoder().decode(portableBase64url.decode('eyJhIjoxfQ'))).toBe('{"a":1}')
  })

  test('behavior: the url alphabet without padding', () => {
    expect(portableBase64url.encode(new Uint8Array([0xfb, 0xff]))).toBe('-_8')
    expect(portableBase64url.decode('-_8')).toEqual(new Uint8Array([0xfb, 0xff]))
    expect(portableBase64url.encode(new Uint8Array())).toBe('')
    expect(portableBase64url.decode('')).toEqual(new Uint8Array())
  })

  test('behavior: the same text and bytes as Node and @scure/base for every length up to 70', () => {
    for (let length = 0; length <= 70; length++) {
      const bytes = crypto.getRandomValues(new Uint8Array(length))
      const text = portableBase64url.encode(bytes)
      expect(text).toBe(nodeEncode(bytes))
      expect(text).toBe(base64urlnopad.encode(bytes))
      expect(portableBase64url.decode(text)).toEqual(bytes)
    }
  })

  test('behavior: every byte value in every position of a 3-byte group', () => {
    for (let value = 0; value < 256; value++)
      for (const bytes of [[value, 0, 0], [0, value, 0], [0, 0, value], [value], [0, value]]) {
        const input = new Uint8Array(bytes)
        expect(portableBase64url.encode(input)).toBe(nodeEncode(input))
        expect(portableBase64url.decode(nodeEncode(input))).toEqual(input)
      }
  })
})
