import { describe, expect, test } from 'vitest'
import { base64urlEncode } from './base64urlEncode.js'

describe('base64urlEncode', () => {
  test('default', () => {
    expect(base64urlEncode('{"a":1}')).toBe('eyJhIjoxfQ')
  })

  test('behavior: uses the url alphabet without padding', () => {
    expect(base64urlEncode(new Uint8Array([0xfb, 0xff]))).toBe('-_8')
  })

  test('behavior: a string is UTF-8 encoded', () => {
    expect(base64urlEncode('é')).toBe('w6k')
  })
})
