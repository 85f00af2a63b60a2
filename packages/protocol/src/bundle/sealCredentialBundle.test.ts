import { p256 } from '@noble/curves/nist.js'
import { describe, expect, test } from 'vitest'
import { base58checkDecode } from '../encoding/base58checkDecode.js'
import { bytesToHex } from '../encoding/bytesToHex.js'
import { InvalidEncodingError } from '../errors/InvalidEncodingError.js'
import { turnkeyCredentialBundleVector } from './bundle.vectors.js'
import { openCredentialBundle } from './openCredentialBundle.js'
import { sealCredentialBundle } from './sealCredentialBundle.js'

const { recipientPrivateKey, recipientPublicKey } = turnkeyCredentialBundleVector

describe('sealCredentialBundle', () => {
  test('default', async () => {
    const privateKey = p256.utils.randomSecretKey()
    const bundle = await sealCredentialBundle({ privateKey, targetPublicKey: recipientPublicKey })
    expect(bundle).toMatch(/^[1-9A-HJ-NP-Za-km-z]+$/)
    // 85 bytes (33 + 32 + 16 + 4 checksum) in base58.
    expect(bundle.length).toBeGreaterThanOrEqual(115)
    expect(bundle.length).toBeLessThanOrEqual(117)
    expect(await openCredentialBundle({ bundle, recipientPrivateKey })).toEqual(privateKey)
  })

  test('behavior: base58check of compressed enc (33 bytes) ‖ ciphertext (48 bytes)', async () => {
    const bundle = await sealCredentialBundle({
      privateKey: new Uint8Array(32).fill(7),
      targetPublicKey: recipientPublicKey,
    })
    const bytes = base58checkDecode(bundle)
    expect(bytes).toHaveLength(81)
    expect([0x02, 0x03]).toContain(bytes[0])
    expect(() => p256.Point.fromBytes(bytes.subarray(0, 33))).not.toThrow()
  })

  test('behavior: accepts an uncompressed target key', async () => {
    const privateKey = p256.utils.randomSecretKey()
    const targetPublicKey = bytesToHex(p256.Point.fromHex(recipientPublicKey).toBytes(false))
    const bundle = await sealCredentialBundle({ privateKey, targetPublicKey })
    expect(await openCredentialBundle({ bundle, recipientPrivateKey })).toEqual(privateKey)
  })

  test('error: a private key that is not 32 bytes', async () => {
    await expect(
      sealCredentialBundle({ privateKey: new Uint8Array(31), targetPublicKey: recipientPublicKey }),
    ).rejects.toThrow(InvalidEncodingError)
  })

  test('error: a target key that is not a P-256 point', async () => {
    await expect(
      sealCredentialBundle({ privateKey: new Uint8Array(32), targetPublicKey: `03${'ff'.repeat(32)}` }),
    ).rejects.toThrow(InvalidEncodingError)
  })
})
