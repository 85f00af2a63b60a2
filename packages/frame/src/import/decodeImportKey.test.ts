import { ed25519 } from '@noble/curves/ed25519.js'
import { base58Encode, bytesToHex } from '@sigil/protocol'
import { describe, expect, test } from 'vitest'
import { decodeImportKey, toImportKeyFormat } from './decodeImportKey.js'

const hexKey = '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318'

describe('decodeImportKey', () => {
  test('default', () => {
    expect(bytesToHex(decodeImportKey(hexKey, 'HEXADECIMAL'))).toBe(hexKey)
  })

  test('behavior: 0x, capitals and surrounding whitespace are accepted', () => {
    expect(bytesToHex(decodeImportKey(` 0x${hexKey.toUpperCase()}\n`, 'HEXADECIMAL'))).toBe(hexKey)
  })

  test('behavior: a Solana secret key gives its first 32 bytes', () => {
    const privateKey = ed25519.utils.randomSecretKey()
    const secretKey = base58Encode(new Uint8Array([...privateKey, ...ed25519.getPublicKey(privateKey)]))
    expect(decodeImportKey(secretKey, 'SOLANA')).toEqual(privateKey)
  })

  test('error: bad hexadecimal keys, without repeating them', () => {
    expect(() => decodeImportKey('', 'HEXADECIMAL')).toThrow('enter a private key')
    expect(() => decodeImportKey(hexKey.slice(2), 'HEXADECIMAL')).toThrow(
      'invalid private key: it has 62 hex digits; a private key is 64 (32 bytes), with an optional 0x',
    )
    expect(() => decodeImportKey(`${hexKey.slice(1)}g`, 'HEXADECIMAL')).toThrow(
      'invalid private key: it is not hexadecimal',
    )
  })

  test('error: bad Solana keys', () => {
    const privateKey = ed25519.utils.randomSecretKey()
    expect(() => decodeImportKey('0OIl', 'SOLANA')).toThrow('invalid Solana private key: it is not base58')
    expect(() => decodeImportKey(base58Encode(privateKey), 'SOLANA')).toThrow(
      'invalid Solana private key: it is 32 bytes; a Solana secret key is 64',
    )
    const mismatched = new Uint8Array([
      ...privateKey,
      ...ed25519.getPublicKey(ed25519.utils.randomSecretKey()),
    ])
    expect(() => decodeImportKey(base58Encode(mismatched), 'SOLANA')).toThrow(
      'invalid Solana private key: its last 32 bytes are not the public key of the first 32',
    )
  })
})

describe('toImportKeyFormat', () => {
  test('default', () => {
    expect(toImportKeyFormat(undefined)).toBe('HEXADECIMAL')
    expect(toImportKeyFormat('SOLANA')).toBe('SOLANA')
  })

  test('error: other formats are refused', () => {
    expect(() => toImportKeyFormat('BITCOIN_MAINNET_WIF')).toThrow(
      'unsupported keyFormat "BITCOIN_MAINNET_WIF": the import frame reads keys as HEXADECIMAL or SOLANA',
    )
  })
})
