import { p256 } from '@noble/curves/nist.js'
import { describe, expect, test } from 'vitest'
import { bytesToHex } from '../encoding/bytesToHex.js'
import { InvalidEncodingError } from '../errors/InvalidEncodingError.js'
import { toUncompressedP256PublicKey } from './toUncompressedP256PublicKey.js'

const secretKey = p256.utils.randomSecretKey()
const uncompressed = p256.getPublicKey(secretKey, false)
const compressed = p256.getPublicKey(secretKey, true)

describe('toUncompressedP256PublicKey', () => {
  test('default', () => {
    expect(toUncompressedP256PublicKey(bytesToHex(compressed))).toEqual(uncompressed)
  })

  test('behavior: uncompressed input and bytes', () => {
    expect(toUncompressedP256PublicKey(bytesToHex(uncompressed))).toEqual(uncompressed)
    expect(toUncompressedP256PublicKey(compressed)).toEqual(uncompressed)
  })

  test('error: wrong length', () => {
    expect(() => toUncompressedP256PublicKey(compressed.subarray(1))).toThrow(/expected 33 or 65 bytes/)
  })

  test('error: not on the curve', () => {
    const offCurve = uncompressed.slice()
    offCurve[64] = (offCurve[64] ?? 0) ^ 1
    expect(() => toUncompressedP256PublicKey(offCurve)).toThrow(InvalidEncodingError)
    expect(() => toUncompressedP256PublicKey(`02${'ff'.repeat(32)}`)).toThrow(InvalidEncodingError)
  })
})
