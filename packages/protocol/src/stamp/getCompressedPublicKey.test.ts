import { describe, expect, test } from 'vitest'
import { hexToBytes } from '../encoding/hexToBytes.js'
import { InvalidEncodingError } from '../errors/InvalidEncodingError.js'
import { getCompressedPublicKey } from './getCompressedPublicKey.js'
import { turnkeyApiKeyStampVectors } from './stamp.vectors.js'

describe('getCompressedPublicKey', () => {
  test('default', () => {
    // The public key @turnkey/crypto derived for the stamp vector key.
    expect(getCompressedPublicKey(turnkeyApiKeyStampVectors.privateKey)).toBe(
      turnkeyApiKeyStampVectors.publicKey,
    )
  })

  test('behavior: accepts bytes and 0x-prefixed hex', () => {
    const { privateKey, publicKey } = turnkeyApiKeyStampVectors
    expect(getCompressedPublicKey(hexToBytes(privateKey))).toBe(publicKey)
    expect(getCompressedPublicKey(`0x${privateKey}`)).toBe(publicKey)
  })

  test('behavior: the generator point for private key 1', () => {
    expect(getCompressedPublicKey(`${'00'.repeat(31)}01`)).toBe(
      '036b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296',
    )
  })

  test('error: wrong length', () => {
    expect(() => getCompressedPublicKey('abcd')).toThrow(InvalidEncodingError)
  })

  test('error: zero or out-of-range scalar', () => {
    expect(() => getCompressedPublicKey('00'.repeat(32))).toThrow(InvalidEncodingError)
    expect(() => getCompressedPublicKey('ff'.repeat(32))).toThrow(InvalidEncodingError)
  })
})
