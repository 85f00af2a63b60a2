import { p256 } from '@noble/curves/nist.js'
import { describe, expect, test } from 'vitest'
import { bytesToHex } from '../encoding/bytesToHex.js'
import { InvalidBundleError } from '../errors/InvalidBundleError.js'
import { hpkeOpen } from './hpkeOpen.js'
import { hpkeSeal } from './hpkeSeal.js'
import { parseEncryptedBundle } from './parseEncryptedBundle.js'

describe('parseEncryptedBundle', () => {
  test('default', async () => {
    const recipientPrivateKey = p256.utils.randomSecretKey()
    const plaintext = new TextEncoder().encode('test test test test test test test test test test test junk')
    const sealed = await hpkeSeal({ plaintext, recipientPublicKey: p256.getPublicKey(recipientPrivateKey) })
    const bundle = JSON.stringify({
      encappedPublic: bytesToHex(sealed.encappedPublic),
      ciphertext: bytesToHex(sealed.ciphertext),
    })
    const parsed = parseEncryptedBundle(bundle)
    expect(parsed.encappedPublic).toEqual(sealed.encappedPublic)
    expect(await hpkeOpen({ ...parsed, recipientPrivateKey })).toEqual(plaintext)
  })

  test('error: not JSON, a compressed or missing encappedPublic, a ciphertext shorter than the tag', () => {
    const encappedPublic = bytesToHex(p256.getPublicKey(p256.utils.randomSecretKey(), false))
    for (const bundle of [
      'not json',
      'null',
      JSON.stringify({ ciphertext: 'ab'.repeat(48) }),
      JSON.stringify({ encappedPublic: encappedPublic.slice(0, 66), ciphertext: 'ab'.repeat(48) }),
      JSON.stringify({ encappedPublic, ciphertext: 'ab'.repeat(16) }),
      JSON.stringify({ encappedPublic, ciphertext: 'xyz' }),
    ])
      expect(() => parseEncryptedBundle(bundle), bundle).toThrow(InvalidBundleError)
  })
})
