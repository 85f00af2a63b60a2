import { p256 } from '@noble/curves/nist.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { describe, expect, test } from 'vitest'
import { bytesToHex } from '../encoding/bytesToHex.js'
import { hexToBytes } from '../encoding/hexToBytes.js'
import { InvalidEncodingError } from '../errors/InvalidEncodingError.js'
import { createImportBundle } from './createImportBundle.js'

const signerPrivateKey = p256.utils.randomSecretKey()
const signerPublicKey = bytesToHex(p256.getPublicKey(signerPrivateKey, false))
const targetPrivateKey = p256.utils.randomSecretKey()
const organizationId = '5c2b9a1e-4f3d-4e6b-9a8c-7d1e2f3a4b5c'
const userId = '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0'

describe('createImportBundle', () => {
  test('default', () => {
    const bundle = createImportBundle({
      organizationId,
      userId,
      targetPublicKey: p256.getPublicKey(targetPrivateKey, true),
      signerPrivateKey,
    })
    const envelope = JSON.parse(bundle)
    expect(Object.keys(envelope)).toEqual(['version', 'data', 'dataSignature', 'enclaveQuorumPublic'])
    expect(envelope.version).toBe('v1.0.0')
    expect(envelope.enclaveQuorumPublic).toBe(signerPublicKey)
    const data = hexToBytes(envelope.data)
    expect(JSON.parse(new TextDecoder().decode(data))).toEqual({
      organizationId,
      userId,
      targetPublic: bytesToHex(p256.getPublicKey(targetPrivateKey, false)),
    })
    expect(Object.keys(JSON.parse(new TextDecoder().decode(data)))).toEqual([
      'organizationId',
      'userId',
      'targetPublic',
    ])
    // DER ECDSA-P256 over SHA-256 of the data bytes.
    expect(
      p256.verify(hexToBytes(envelope.dataSignature), sha256(data), hexToBytes(signerPublicKey), {
        prehash: false,
        format: 'der',
      }),
    ).toBe(true)
  })

  test('error: a target key that is not a P-256 point', () => {
    expect(() =>
      createImportBundle({
        organizationId,
        userId,
        targetPublicKey: `04${'00'.repeat(64)}`,
        signerPrivateKey,
      }),
    ).toThrow(InvalidEncodingError)
  })
})
