import { p256 } from '@noble/curves/nist.js'
import { describe, expect, test } from 'vitest'
import { bytesToHex } from '../encoding/bytesToHex.js'
import { hexToBytes } from '../encoding/hexToBytes.js'
import { InvalidBundleError } from '../errors/InvalidBundleError.js'
import { InvalidEncodingError } from '../errors/InvalidEncodingError.js'
import { turnkeyProfile } from './hpke.vectors.js'
import { hpkeOpen } from './hpkeOpen.js'
import { hpkeSeal } from './hpkeSeal.js'

const vector = {
  encappedPublic: hexToBytes(turnkeyProfile.enc),
  ciphertext: hexToBytes(turnkeyProfile.ct),
}

async function generateNonExtractableKeyPair(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits'])
}

describe('hpkeOpen', () => {
  test('default', async () => {
    const plaintext = await hpkeOpen({ ...vector, recipientPrivateKey: turnkeyProfile.skRm })
    expect(bytesToHex(plaintext)).toBe(turnkeyProfile.pt)
  })

  test('behavior: a bytes private key and a compressed enc', async () => {
    const plaintext = await hpkeOpen({
      encappedPublic: p256.Point.fromBytes(vector.encappedPublic).toBytes(true),
      ciphertext: vector.ciphertext,
      recipientPrivateKey: hexToBytes(turnkeyProfile.skRm),
    })
    expect(bytesToHex(plaintext)).toBe(turnkeyProfile.pt)
  })

  test('behavior: a WebCrypto key pair with a non-extractable private key', async () => {
    const keyPair = await generateNonExtractableKeyPair()
    expect(keyPair.privateKey.extractable).toBe(false)
    const recipientPublicKey = new Uint8Array(await crypto.subtle.exportKey('raw', keyPair.publicKey))
    const plaintext = crypto.getRandomValues(new Uint8Array(32))
    const sealed = await hpkeSeal({ plaintext, recipientPublicKey })
    expect(await hpkeOpen({ ...sealed, recipientPrivateKey: keyPair })).toEqual(plaintext)
  })

  test('error: wrong recipient key', async () => {
    await expect(hpkeOpen({ ...vector, recipientPrivateKey: p256.utils.randomSecretKey() })).rejects.toThrow(
      InvalidBundleError,
    )
    await expect(
      hpkeOpen({ ...vector, recipientPrivateKey: await generateNonExtractableKeyPair() }),
    ).rejects.toThrow(InvalidBundleError)
  })

  test('error: tampered ciphertext or enc', async () => {
    const ciphertext = vector.ciphertext.slice()
    ciphertext[0] = (ciphertext[0] ?? 0) ^ 1
    await expect(
      hpkeOpen({ ...vector, ciphertext, recipientPrivateKey: turnkeyProfile.skRm }),
    ).rejects.toThrow(InvalidBundleError)
    const otherEnc = p256.getPublicKey(p256.utils.randomSecretKey(), false)
    await expect(
      hpkeOpen({ ...vector, encappedPublic: otherEnc, recipientPrivateKey: turnkeyProfile.skRm }),
    ).rejects.toThrow(InvalidBundleError)
  })

  test('error: enc that is not a P-256 point', async () => {
    const encappedPublic = hexToBytes(`04${'ff'.repeat(64)}`)
    await expect(
      hpkeOpen({ ...vector, encappedPublic, recipientPrivateKey: turnkeyProfile.skRm }),
    ).rejects.toThrow(InvalidBundleError)
    await expect(
      hpkeOpen({ ...vector, encappedPublic: new Uint8Array(10), recipientPrivateKey: turnkeyProfile.skRm }),
    ).rejects.toThrow(InvalidBundleError)
  })

  test('error: malformed private key', async () => {
    await expect(hpkeOpen({ ...vector, recipientPrivateKey: 'abcd' })).rejects.toThrow(InvalidEncodingError)
  })
})
