import { p256 } from '@noble/curves/nist.js'
import { concatBytes } from '@noble/hashes/utils.js'
import { describe, expect, test } from 'vitest'
import { base58checkDecode } from '../encoding/base58checkDecode.js'
import { base58checkEncode } from '../encoding/base58checkEncode.js'
import { base64urlEncode } from '../encoding/base64urlEncode.js'
import { bytesToHex } from '../encoding/bytesToHex.js'
import { hexToBytes } from '../encoding/hexToBytes.js'
import { InvalidBundleError } from '../errors/InvalidBundleError.js'
import { turnkeyCredentialBundleVector } from './bundle.vectors.js'
import { hpkeSeal } from './hpkeSeal.js'
import { openCredentialBundle } from './openCredentialBundle.js'
import { sealCredentialBundle } from './sealCredentialBundle.js'

const { recipientPrivateKey, recipientPublicKey, plaintext, bundle, legacyBase64urlBundle } =
  turnkeyCredentialBundleVector

describe('openCredentialBundle', () => {
  test('default', async () => {
    // A bundle made by @turnkey/crypto.
    expect(bytesToHex(await openCredentialBundle({ bundle, recipientPrivateKey }))).toBe(plaintext)
  })

  test('behavior: the legacy base64url form of the same bytes', async () => {
    const opened = await openCredentialBundle({ bundle: legacyBase64urlBundle, recipientPrivateKey })
    expect(bytesToHex(opened)).toBe(plaintext)
  })

  test('behavior: a WebCrypto key pair with a non-extractable private key', async () => {
    const keyPair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, [
      'deriveBits',
    ])
    const targetPublicKey = bytesToHex(
      new Uint8Array(await crypto.subtle.exportKey('raw', keyPair.publicKey)),
    )
    const privateKey = p256.utils.randomSecretKey()
    const sealed = await sealCredentialBundle({ privateKey, targetPublicKey })
    expect(await openCredentialBundle({ bundle: sealed, recipientPrivateKey: keyPair })).toEqual(privateKey)
  })

  test('error: wrong recipient', async () => {
    await expect(
      openCredentialBundle({ bundle, recipientPrivateKey: p256.utils.randomSecretKey() }),
    ).rejects.toThrow(InvalidBundleError)
  })

  test('error: tampered bundle', async () => {
    const bytes = base58checkDecode(bundle)
    bytes[40] = (bytes[40] ?? 0) ^ 1
    await expect(
      openCredentialBundle({ bundle: base58checkEncode(bytes), recipientPrivateKey }),
    ).rejects.toThrow(InvalidBundleError)
    const brokenChecksum = bundle.slice(0, -1) + (bundle.endsWith('2') ? '3' : '2')
    await expect(openCredentialBundle({ bundle: brokenChecksum, recipientPrivateKey })).rejects.toThrow(
      InvalidBundleError,
    )
  })

  test('error: malformed or too short', async () => {
    for (const malformed of [
      '',
      '!!!',
      base58checkEncode(new Uint8Array(33)),
      base64urlEncode(new Uint8Array(20)),
    ])
      await expect(openCredentialBundle({ bundle: malformed, recipientPrivateKey })).rejects.toThrow(
        InvalidBundleError,
      )
  })

  test('error: a plaintext that is not a 32-byte key', async () => {
    const { encappedPublic, ciphertext } = await hpkeSeal({
      plaintext: new Uint8Array(31),
      recipientPublicKey,
    })
    const compressed = p256.Point.fromBytes(encappedPublic).toBytes(true)
    const sealed = base58checkEncode(concatBytes(compressed, ciphertext))
    await expect(
      openCredentialBundle({ bundle: sealed, recipientPrivateKey: hexToBytes(recipientPrivateKey) }),
    ).rejects.toThrow(/32-byte private key/)
  })
})
