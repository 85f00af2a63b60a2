import { p256 } from '@noble/curves/nist.js'
import { bytesToHex, createImportBundle, hexToBytes, InvalidBundleError } from '@sigil/protocol'
import { describe, expect, test } from 'vitest'
import { verifyImportBundle } from './verifyImportBundle.js'

const signerPrivateKey = p256.utils.randomSecretKey()
const signerPublicKey = bytesToHex(p256.getPublicKey(signerPrivateKey, false))
const targetPrivateKey = p256.utils.randomSecretKey()
const targetPublic = p256.getPublicKey(targetPrivateKey, false)
const organizationId = '5c2b9a1e-4f3d-4e6b-9a8c-7d1e2f3a4b5c'
const userId = '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0'
const bundle = createImportBundle({ organizationId, userId, targetPublicKey: targetPublic, signerPrivateKey })

/** The bundle's envelope with `changes` applied. */
const withEnvelope = (changes: Record<string, unknown>) =>
  JSON.stringify({ ...JSON.parse(bundle), ...changes })

/** The error `verifyImportBundle` throws for these parameters. */
function failure(parameters: Partial<Parameters<typeof verifyImportBundle>[0]>): InvalidBundleError {
  try {
    verifyImportBundle({ bundle, signerPublicKey, organizationId, userId, ...parameters })
  } catch (error) {
    return error as InvalidBundleError
  }
  throw new Error('expected verifyImportBundle to throw')
}

describe('verifyImportBundle', () => {
  test('default', () => {
    expect(verifyImportBundle({ bundle, signerPublicKey, organizationId, userId })).toEqual(targetPublic)
  })

  test('behavior: a compressed pinned key and a compressed target key', () => {
    const compressed = createImportBundle({
      organizationId,
      userId,
      targetPublicKey: p256.getPublicKey(targetPrivateKey, true),
      signerPrivateKey,
    })
    expect(
      verifyImportBundle({
        bundle: compressed,
        signerPublicKey: bytesToHex(p256.getPublicKey(signerPrivateKey, true)),
        organizationId,
        userId,
      }),
    ).toEqual(targetPublic)
  })

  test('error: a bundle signed by another key', () => {
    const other = createImportBundle({
      organizationId,
      userId,
      targetPublicKey: targetPublic,
      signerPrivateKey: p256.utils.randomSecretKey(),
    })
    const error = failure({ bundle: other })
    expect(error).toBeInstanceOf(InvalidBundleError)
    expect(error.shortMessage).toBe('import bundle signer mismatch')
  })

  test('error: another key signs but the envelope names the pinned key', () => {
    const other = JSON.parse(
      createImportBundle({
        organizationId,
        userId,
        targetPublicKey: targetPublic,
        signerPrivateKey: p256.utils.randomSecretKey(),
      }),
    )
    const error = failure({ bundle: JSON.stringify({ ...other, enclaveQuorumPublic: signerPublicKey }) })
    expect(error.shortMessage).toBe('invalid import bundle signature')
  })

  test('error: data changed after signing (another target key)', () => {
    const { data } = JSON.parse(bundle)
    const signed = JSON.parse(new TextDecoder().decode(hexToBytes(data)))
    const attackerTarget = bytesToHex(p256.getPublicKey(p256.utils.randomSecretKey(), false))
    const forged = bytesToHex(
      new TextEncoder().encode(JSON.stringify({ ...signed, targetPublic: attackerTarget })),
    )
    expect(failure({ bundle: withEnvelope({ data: forged }) }).shortMessage).toBe(
      'invalid import bundle signature',
    )
  })

  test('error: another organization or user, or none', () => {
    expect(failure({ organizationId: 'other-org' }).shortMessage).toBe('import bundle organization mismatch')
    expect(failure({ organizationId: undefined }).shortMessage).toBe('import bundle organization mismatch')
    expect(failure({ userId: 'other-user' }).shortMessage).toBe('import bundle user mismatch')
    expect(failure({ userId: '' }).shortMessage).toBe('import bundle user mismatch')
  })

  test('error: malformed bundles', () => {
    expect(failure({ bundle: 'not json' }).shortMessage).toBe('malformed import bundle')
    expect(failure({ bundle: withEnvelope({ version: 'v2' }) }).shortMessage).toBe(
      'unsupported import bundle version',
    )
    expect(failure({ bundle: withEnvelope({ dataSignature: 'zz' }) }).shortMessage).toBe(
      'malformed import bundle',
    )
    expect(failure({ bundle: withEnvelope({ dataSignature: '3000' }) }).shortMessage).toBe(
      'invalid import bundle signature',
    )
  })

  test('error: a page without a signer key refuses every bundle', () => {
    expect(() => verifyImportBundle({ bundle, signerPublicKey: '', organizationId, userId })).toThrow(
      'this import page has no signer key configured',
    )
  })
})
