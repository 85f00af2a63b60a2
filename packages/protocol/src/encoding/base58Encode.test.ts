import { describe, expect, test } from 'vitest'
import { base58Encode } from './base58Encode.js'

describe('base58Encode', () => {
  test('default', () => {
    expect(base58Encode(new TextEncoder().encode('Hello World!'))).toBe('2NEpo7TZRRrLZSi2U')
  })

  test('behavior: leading zero bytes become 1s', () => {
    expect(base58Encode(new Uint8Array([0, 0, 1]))).toBe('112')
  })

  test('behavior: a 32-byte Solana system program id', () => {
    expect(base58Encode(new Uint8Array(32))).toBe('11111111111111111111111111111111')
  })
})
