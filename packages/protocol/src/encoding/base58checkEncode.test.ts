import { sha256 } from '@noble/hashes/sha2.js'
import { describe, expect, test } from 'vitest'
import { base58checkEncode } from './base58checkEncode.js'
import { base58Decode } from './base58Decode.js'
import { hexToBytes } from './hexToBytes.js'

describe('base58checkEncode', () => {
  test('default', () => {
    expect(base58checkEncode(new Uint8Array([1, 2, 3]))).toBe('3DUz7ncyT')
  })

  test('behavior: appends the first 4 bytes of double SHA-256, with no version byte', () => {
    const payload = crypto.getRandomValues(new Uint8Array(81))
    const decoded = base58Decode(base58checkEncode(payload))
    expect(decoded.subarray(0, 81)).toEqual(payload)
    expect(decoded.subarray(81)).toEqual(sha256(sha256(payload)).subarray(0, 4))
  })

  test('behavior: the Bitcoin genesis address (version byte given in the payload)', () => {
    const payload = new Uint8Array([0, ...hexToBytes('62e907b15cbf27d5425399ebf6f0fb50ebb88f18')])
    expect(base58checkEncode(payload)).toBe('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')
  })
})
