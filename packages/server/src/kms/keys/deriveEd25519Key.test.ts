import { ed25519 } from '@noble/curves/ed25519.js'
import { hmac } from '@noble/hashes/hmac.js'
import { sha512 } from '@noble/hashes/sha2.js'
import { bytesToHex, hexToBytes, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import { describe, expect, test } from 'vitest'
import { deriveEd25519Key } from './deriveEd25519Key.js'
import { InvalidWalletAccountError } from './InvalidWalletAccountError.js'
import { slip10Ed25519Vector1 } from './slip10.vectors.js'

/** SLIP-10 ed25519 written out from the document, independent of micro-key-producer. */
function referenceSlip10(seed: Uint8Array, hardenedIndices: number[]) {
  let node = hmac(sha512, utf8ToBytes('ed25519 seed'), seed)
  for (const index of hardenedIndices) {
    const data = new Uint8Array(37)
    data.set(node.subarray(0, 32), 1)
    new DataView(data.buffer).setUint32(33, index + 0x80000000)
    node = hmac(sha512, node.subarray(32), data)
  }
  return { privateKey: node.slice(0, 32), chainCode: node.slice(32) }
}

const seed = hexToBytes(slip10Ed25519Vector1.seed)

describe('deriveEd25519Key', () => {
  test('default', () => {
    const key = deriveEd25519Key({ seed, path: "m/44'/501'/0'/0'" })
    expect(key.depth).toBe(4)
    expect(bytesToHex(key.publicKeyRaw)).toBe(bytesToHex(ed25519.getPublicKey(key.privateKey)))
  })

  test.each(slip10Ed25519Vector1.chains)('behavior: SLIP-10 ed25519 test vector 1, chain $path', (chain) => {
    const key = deriveEd25519Key({ seed, path: chain.path })
    expect(bytesToHex(key.chainCode)).toBe(chain.chainCode)
    expect(bytesToHex(key.privateKey)).toBe(chain.privateKey)
    expect(`00${bytesToHex(ed25519.getPublicKey(key.privateKey))}`).toBe(chain.publicKey)
  })

  test('behavior: agrees with an independent SLIP-10 implementation on random seeds and paths', () => {
    for (let round = 0; round < 20; round++) {
      const randomSeed = randomBytes(16 + (round % 49))
      const indices = Array.from({ length: 1 + (round % 6) }, () => Math.floor(Math.random() * 0x80000000))
      const key = deriveEd25519Key({
        seed: randomSeed,
        path: `m/${indices.map((index) => `${index}'`).join('/')}`,
      })
      const reference = referenceSlip10(randomSeed, indices)
      expect(bytesToHex(key.privateKey)).toBe(bytesToHex(reference.privateKey))
      expect(bytesToHex(key.chainCode)).toBe(bytesToHex(reference.chainCode))
    }
  })

  test('error: a non-hardened level names the level and the fix', () => {
    let caught: unknown
    try {
      deriveEd25519Key({ seed, path: "m/44'/501'/0'/0" })
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(InvalidWalletAccountError)
    expect((caught as InvalidWalletAccountError).shortMessage).toBe(
      'ed25519 derivation path must be fully hardened',
    )
    expect((caught as InvalidWalletAccountError).details).toContain('level 4')
    expect((caught as InvalidWalletAccountError).details).toContain("write 0'")
  })

  test('error: invalid path syntax', () => {
    expect(() => deriveEd25519Key({ seed, path: "m/44'/501'/0'/0h" })).toThrow('invalid derivation path')
  })
})
