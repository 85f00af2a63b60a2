import { p256 } from '@noble/curves/nist.js'
import { hpkeOpen, parseEncryptedBundle } from '@sigil/protocol'
import { describe, expect, test } from 'vitest'
import { sealImportPlaintext } from './sealImportPlaintext.js'

describe('sealImportPlaintext', () => {
  test('default', async () => {
    const targetPrivateKey = p256.utils.randomSecretKey()
    const plaintext = new TextEncoder().encode(
      'legal winner thank year wave sausage worth useful legal winner thank yellow',
    )
    const encryptedBundle = await sealImportPlaintext(plaintext, p256.getPublicKey(targetPrivateKey, false))
    expect(Object.keys(JSON.parse(encryptedBundle))).toEqual(['encappedPublic', 'ciphertext'])
    const { encappedPublic, ciphertext } = parseEncryptedBundle(encryptedBundle)
    expect(await hpkeOpen({ encappedPublic, ciphertext, recipientPrivateKey: targetPrivateKey })).toEqual(
      plaintext,
    )
  })

  test('error: another key cannot open it', async () => {
    const encryptedBundle = await sealImportPlaintext(
      new Uint8Array(32).fill(7),
      p256.getPublicKey(p256.utils.randomSecretKey(), false),
    )
    const { encappedPublic, ciphertext } = parseEncryptedBundle(encryptedBundle)
    await expect(
      hpkeOpen({ encappedPublic, ciphertext, recipientPrivateKey: p256.utils.randomSecretKey() }),
    ).rejects.toThrow('failed to decrypt bundle')
  })
})
