import { p256 } from '@noble/curves/nist.js'
import { describe, expect, test } from 'vitest'
import { bytesToHex } from '../encoding/bytesToHex.js'
import { hexToBytes } from '../encoding/hexToBytes.js'
import { InvalidEncodingError } from '../errors/InvalidEncodingError.js'
import { createExportBundle } from './createExportBundle.js'
import { openExportBundle } from './openExportBundle.js'

const signerPrivateKey = p256.utils.randomSecretKey()
const signerPublicKey = bytesToHex(p256.getPublicKey(signerPrivateKey, false))
const recipientPrivateKey = p256.utils.randomSecretKey()
const targetPublicKey = bytesToHex(p256.getPublicKey(recipientPrivateKey, false))
const organizationId = '5c2b9a1e-4f3d-4e6b-9a8c-7d1e2f3a4b5c'

describe('createExportBundle', () => {
  test('default', async () => {
    const plaintext = p256.utils.randomSecretKey()
    const bundle = await createExportBundle({ plaintext, targetPublicKey, organizationId, signerPrivateKey })
    const envelope = JSON.parse(bundle)
    expect(Object.keys(envelope)).toEqual(['version', 'data', 'dataSignature', 'enclaveQuorumPublic'])
    expect(envelope.version).toBe('v1.0.0')
    expect(envelope.enclaveQuorumPublic).toBe(signerPublicKey)
    expect(envelope.enclaveQuorumPublic).toHaveLength(130)
    expect(await openExportBundle({ bundle, recipientPrivateKey, organizationId, signerPublicKey })).toEqual(
      plaintext,
    )
  })

  test('behavior: data is hex of the UTF-8 JSON {organizationId, encappedPublic, ciphertext}', async () => {
    const bundle = await createExportBundle({
      plaintext: new Uint8Array(32),
      targetPublicKey,
      organizationId,
      signerPrivateKey,
    })
    const { data } = JSON.parse(bundle)
    expect(data).toMatch(/^[0-9a-f]+$/)
    const signed = JSON.parse(new TextDecoder().decode(hexToBytes(data)))
    expect(Object.keys(signed)).toEqual(['organizationId', 'encappedPublic', 'ciphertext'])
    expect(signed.organizationId).toBe(organizationId)
    expect(signed.encappedPublic).toMatch(/^04[0-9a-f]{128}$/)
    expect(signed.ciphertext).toMatch(/^[0-9a-f]{96}$/)
  })

  test('behavior: dataSignature is DER ECDSA-P256 over SHA-256 of the data bytes', async () => {
    const bundle = await createExportBundle({
      plaintext: new Uint8Array(32),
      targetPublicKey,
      organizationId,
      signerPrivateKey,
    })
    const { data, dataSignature } = JSON.parse(bundle)
    expect(
      p256.verify(hexToBytes(dataSignature), hexToBytes(data), hexToBytes(signerPublicKey), {
        format: 'der',
      }),
    ).toBe(true)
  })

  test('behavior: a wallet mnemonic with a passphrase, and a compressed target key', async () => {
    const plaintext = new TextEncoder().encode(
      'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\nsecret',
    )
    const compressedTarget = bytesToHex(p256.getPublicKey(recipientPrivateKey, true))
    const bundle = await createExportBundle({
      plaintext,
      targetPublicKey: compressedTarget,
      organizationId,
      signerPrivateKey: bytesToHex(signerPrivateKey),
    })
    expect(await openExportBundle({ bundle, recipientPrivateKey, organizationId, signerPublicKey })).toEqual(
      plaintext,
    )
  })

  test('error: malformed signer or target key', async () => {
    const plaintext = new Uint8Array(32)
    await expect(
      createExportBundle({ plaintext, targetPublicKey, organizationId, signerPrivateKey: '00'.repeat(32) }),
    ).rejects.toThrow(InvalidEncodingError)
    await expect(
      createExportBundle({ plaintext, targetPublicKey: '04abcd', organizationId, signerPrivateKey }),
    ).rejects.toThrow(InvalidEncodingError)
  })
})
