import { Aes128Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core'
import { expand, extract } from '@noble/hashes/hkdf.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { concatBytes } from '@noble/hashes/utils.js'
import { describe, expect, test } from 'vitest'
import { bytesToHex } from '../encoding/bytesToHex.js'
import { hexToBytes } from '../encoding/hexToBytes.js'
import { getHpkeSuite } from './getHpkeSuite.js'
import { aes256WithRfc9180A31Inputs, rfc9180A31, turnkeyProfile } from './hpke.vectors.js'

const ascii = (text: string) => new TextEncoder().encode(text)
const twoBytes = (value: number) => new Uint8Array([value >> 8, value & 0xff])

/**
 * An independent RFC 9180 §5.1 key schedule for mode Base (noble HKDF), used to cross-check
 * @hpke/core for AES-256-GCM, for which no official vector was found.
 */
function keySchedule(sharedSecret: Uint8Array, info: Uint8Array, aeadId: number, keyLength: number) {
  const suiteId = concatBytes(ascii('HPKE'), twoBytes(0x10), twoBytes(0x01), twoBytes(aeadId))
  const labeledExtract = (salt: Uint8Array, label: string, ikm: Uint8Array) =>
    extract(sha256, concatBytes(ascii('HPKE-v1'), suiteId, ascii(label), ikm), salt)
  const labeledExpand = (prk: Uint8Array, label: string, labelInfo: Uint8Array, length: number) =>
    expand(
      sha256,
      prk,
      concatBytes(twoBytes(length), ascii('HPKE-v1'), suiteId, ascii(label), labelInfo),
      length,
    )
  const empty = new Uint8Array()
  const context = concatBytes(
    new Uint8Array([0]),
    labeledExtract(empty, 'psk_id_hash', empty),
    labeledExtract(empty, 'info_hash', info),
  )
  const secret = labeledExtract(sharedSecret, 'secret', empty)
  return {
    key: labeledExpand(secret, 'key', context, keyLength),
    baseNonce: labeledExpand(secret, 'base_nonce', context, 12),
  }
}

async function aesGcmSeal(key: Uint8Array, nonce: Uint8Array, aad: Uint8Array, plaintext: Uint8Array) {
  const cryptoKey = await crypto.subtle.importKey('raw', new Uint8Array(key), 'AES-GCM', false, ['encrypt'])
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: new Uint8Array(nonce), additionalData: new Uint8Array(aad) },
    cryptoKey,
    new Uint8Array(plaintext),
  )
  return new Uint8Array(sealed)
}

describe('getHpkeSuite', () => {
  test('default', () => {
    const suite = getHpkeSuite()
    expect([suite.kem.id, suite.kdf.id, suite.aead.id]).toEqual([0x0010, 0x0001, 0x0002])
    expect(getHpkeSuite()).toBe(suite)
  })

  describe('RFC 9180 A.3.1 (AES-128-GCM) through @hpke/core: proves the KEM and KDF', () => {
    const suite = new CipherSuite({
      kem: new DhkemP256HkdfSha256(),
      kdf: new HkdfSha256(),
      aead: new Aes128Gcm(),
    })
    const v = rfc9180A31

    test('behavior: DeriveKeyPair gives skRm/pkRm and skEm/pkEm', async () => {
      const recipient = await suite.kem.deriveKeyPair(hexToBytes(v.ikmR))
      expect(bytesToHex(new Uint8Array(await suite.kem.serializePrivateKey(recipient.privateKey)))).toBe(
        v.skRm,
      )
      expect(bytesToHex(new Uint8Array(await suite.kem.serializePublicKey(recipient.publicKey)))).toBe(v.pkRm)
      const ephemeral = await suite.kem.deriveKeyPair(hexToBytes(v.ikmE))
      expect(bytesToHex(new Uint8Array(await suite.kem.serializePrivateKey(ephemeral.privateKey)))).toBe(
        v.skEm,
      )
      expect(bytesToHex(new Uint8Array(await suite.kem.serializePublicKey(ephemeral.publicKey)))).toBe(v.pkEm)
    })

    test('behavior: opens the vector ciphertext with skRm, enc, info and aad', async () => {
      const recipientKey = await suite.kem.deserializePrivateKey(hexToBytes(v.skRm))
      const plaintext = await suite.open(
        { recipientKey, enc: hexToBytes(v.enc), info: hexToBytes(v.info) },
        hexToBytes(v.encryption.ct),
        hexToBytes(v.encryption.aad),
      )
      expect(bytesToHex(new Uint8Array(plaintext))).toBe(v.encryption.pt)
    })

    test('behavior: sealing with the fixed ephemeral key reproduces enc and ct', async () => {
      const { enc, ct } = await suite.seal(
        {
          recipientPublicKey: await suite.kem.deserializePublicKey(hexToBytes(v.pkRm)),
          info: hexToBytes(v.info),
          ekm: hexToBytes(v.ikmE),
        },
        hexToBytes(v.encryption.pt),
        hexToBytes(v.encryption.aad),
      )
      expect(bytesToHex(new Uint8Array(enc))).toBe(v.enc)
      expect(bytesToHex(new Uint8Array(ct))).toBe(v.encryption.ct)
    })

    test('behavior: the independent key schedule reproduces key and base_nonce', () => {
      const { key, baseNonce } = keySchedule(hexToBytes(v.sharedSecret), hexToBytes(v.info), 1, 16)
      expect(bytesToHex(key)).toBe(v.key)
      expect(bytesToHex(baseNonce)).toBe(v.baseNonce)
    })
  })

  describe('AES-256-GCM (aead_id 2)', () => {
    const v = rfc9180A31
    const recipientPublicKey = () => getHpkeSuite().kem.deserializePublicKey(hexToBytes(v.pkRm))

    test('behavior: the A.3.1 inputs with AES-256-GCM match an independent key schedule', async () => {
      const { key, baseNonce } = keySchedule(hexToBytes(v.sharedSecret), hexToBytes(v.info), 2, 32)
      expect(bytesToHex(key)).toBe(aes256WithRfc9180A31Inputs.key)
      expect(bytesToHex(baseNonce)).toBe(aes256WithRfc9180A31Inputs.baseNonce)
      const ct = await aesGcmSeal(key, baseNonce, hexToBytes(v.encryption.aad), hexToBytes(v.encryption.pt))
      expect(bytesToHex(ct)).toBe(aes256WithRfc9180A31Inputs.ct)
      const sealed = await getHpkeSuite().seal(
        { recipientPublicKey: await recipientPublicKey(), info: hexToBytes(v.info), ekm: hexToBytes(v.ikmE) },
        hexToBytes(v.encryption.pt),
        hexToBytes(v.encryption.aad),
      )
      expect(bytesToHex(new Uint8Array(sealed.enc))).toBe(v.enc)
      expect(bytesToHex(new Uint8Array(sealed.ct))).toBe(aes256WithRfc9180A31Inputs.ct)
    })

    test('behavior: the Turnkey profile (info turnkey_hpke, AAD enc ‖ pkR) reproduces the fixed vector', async () => {
      const info = ascii('turnkey_hpke')
      const aad = concatBytes(hexToBytes(turnkeyProfile.enc), hexToBytes(turnkeyProfile.pkRm))
      expect(aad).toHaveLength(130)
      const sealed = await getHpkeSuite().seal(
        { recipientPublicKey: await recipientPublicKey(), info, ekm: hexToBytes(turnkeyProfile.ikmE) },
        hexToBytes(turnkeyProfile.pt),
        aad,
      )
      expect(bytesToHex(new Uint8Array(sealed.enc))).toBe(turnkeyProfile.enc)
      expect(bytesToHex(new Uint8Array(sealed.ct))).toBe(turnkeyProfile.ct)
      const { key, baseNonce } = keySchedule(hexToBytes(v.sharedSecret), info, 2, 32)
      expect(bytesToHex(await aesGcmSeal(key, baseNonce, aad, hexToBytes(turnkeyProfile.pt)))).toBe(
        turnkeyProfile.ct,
      )
    })
  })
})
