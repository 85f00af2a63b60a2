import { p256 } from '@noble/curves/nist.js'
import { concatBytes } from '@noble/hashes/utils.js'
import { describe, expect, test } from 'vitest'
import { bytesToHex } from '../encoding/bytesToHex.js'
import { InvalidEncodingError } from '../errors/InvalidEncodingError.js'
import { getHpkeSuite } from './getHpkeSuite.js'
import { hpkeOpen } from './hpkeOpen.js'
import { hpkeSeal } from './hpkeSeal.js'

const recipientPrivateKey = p256.utils.randomSecretKey()
const recipientPublicKey = p256.getPublicKey(recipientPrivateKey, false)
const plaintext = new TextEncoder().encode('a 32-byte secret, more or less!!')

describe('hpkeSeal', () => {
  test('default', async () => {
    const { encappedPublic, ciphertext } = await hpkeSeal({
      plaintext,
      recipientPublicKey: bytesToHex(recipientPublicKey),
    })
    expect(encappedPublic).toHaveLength(65)
    expect(encappedPublic[0]).toBe(0x04)
    expect(ciphertext).toHaveLength(plaintext.length + 16)
    expect(await hpkeOpen({ encappedPublic, ciphertext, recipientPrivateKey })).toEqual(plaintext)
  })

  test('behavior: follows the profile (info turnkey_hpke, AAD = enc ‖ pkR uncompressed)', async () => {
    const { encappedPublic, ciphertext } = await hpkeSeal({ plaintext, recipientPublicKey })
    const suite = getHpkeSuite()
    const opened = await suite.open(
      {
        recipientKey: await suite.kem.deserializePrivateKey(recipientPrivateKey),
        enc: encappedPublic,
        info: new TextEncoder().encode('turnkey_hpke'),
      },
      ciphertext,
      concatBytes(encappedPublic, recipientPublicKey),
    )
    expect(new Uint8Array(opened)).toEqual(plaintext)
  })

  test('behavior: accepts a compressed recipient key, as hex or bytes', async () => {
    const compressed = p256.getPublicKey(recipientPrivateKey, true)
    for (const key of [compressed, bytesToHex(compressed), `0x${bytesToHex(compressed)}`]) {
      const sealed = await hpkeSeal({ plaintext, recipientPublicKey: key })
      expect(await hpkeOpen({ ...sealed, recipientPrivateKey })).toEqual(plaintext)
    }
  })

  test('behavior: a fresh ephemeral key for every message', async () => {
    const first = await hpkeSeal({ plaintext, recipientPublicKey })
    const second = await hpkeSeal({ plaintext, recipientPublicKey })
    expect(first.encappedPublic).not.toEqual(second.encappedPublic)
    expect(first.ciphertext).not.toEqual(second.ciphertext)
  })

  test('behavior: empty plaintext', async () => {
    const sealed = await hpkeSeal({ plaintext: new Uint8Array(), recipientPublicKey })
    expect(sealed.ciphertext).toHaveLength(16)
    expect(await hpkeOpen({ ...sealed, recipientPrivateKey })).toEqual(new Uint8Array())
  })

  test('error: recipient key that is not a P-256 point', async () => {
    await expect(hpkeSeal({ plaintext, recipientPublicKey: `02${'ff'.repeat(32)}` })).rejects.toThrow(
      InvalidEncodingError,
    )
    await expect(hpkeSeal({ plaintext, recipientPublicKey: 'abcd' })).rejects.toThrow(InvalidEncodingError)
  })
})
