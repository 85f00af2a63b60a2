import { secp256k1 } from '@noble/curves/secp256k1.js'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { describe, expect, test } from 'vitest'
import { bip32Vector1 } from './bip32.vectors.js'
import { deriveSecp256k1Key } from './deriveSecp256k1Key.js'
import { InvalidWalletAccountError } from './InvalidWalletAccountError.js'

const seed = hexToBytes(bip32Vector1.seed)

describe('deriveSecp256k1Key', () => {
  test('default', () => {
    const key = deriveSecp256k1Key({ seed, path: "m/44'/60'/0'/0/0" })
    expect(key.depth).toBe(5)
    expect(key.privateKey).toHaveLength(32)
    expect(bytesToHex(key.publicKey!)).toBe(bytesToHex(secp256k1.getPublicKey(key.privateKey!, true)))
  })

  test.each(bip32Vector1.chains)('behavior: BIP-32 test vector 1, chain $path', (chain) => {
    const key = deriveSecp256k1Key({ seed, path: chain.path })
    expect(key.privateExtendedKey).toBe(chain.xprv)
    expect(key.publicExtendedKey).toBe(chain.xpub)
  })

  test('error: invalid path', () => {
    expect(() => deriveSecp256k1Key({ seed, path: "m/0'/x" })).toThrow(InvalidWalletAccountError)
  })

  test('error: a seed shorter than BIP-32 allows', () => {
    expect(() => deriveSecp256k1Key({ seed: new Uint8Array(8), path: 'm' })).toThrow('cannot derive key')
  })
})
