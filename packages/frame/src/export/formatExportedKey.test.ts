import { ed25519 } from '@noble/curves/ed25519.js'
import { base58Decode, hexToBytes } from '@sigil/protocol'
import { expect, test } from 'vitest'
import { formatExportedKey } from './formatExportedKey.js'

const secret = hexToBytes('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60')

test('default: hex with 0x', () => {
  expect(formatExportedKey(secret)).toBe('0x9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60')
})

test('behavior: SOLANA is base58 of the 64-byte secret key (private ‖ public)', () => {
  const decoded = base58Decode(formatExportedKey(secret, 'SOLANA'))
  expect(decoded.slice(0, 32)).toEqual(secret)
  // RFC 8032 test 1: this seed's public key.
  expect(decoded.slice(32)).toEqual(
    hexToBytes('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a'),
  )
  expect(ed25519.getPublicKey(secret)).toEqual(decoded.slice(32))
})

test('error: a key of another length', () => {
  expect(() => formatExportedKey(new Uint8Array(31))).toThrow('an exported key is 32 bytes')
})
