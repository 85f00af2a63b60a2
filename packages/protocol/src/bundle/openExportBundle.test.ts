import { p256 } from '@noble/curves/nist.js'
import { describe, expect, test } from 'vitest'
import { bytesToHex } from '../encoding/bytesToHex.js'
import { hexToBytes } from '../encoding/hexToBytes.js'
import { InvalidBundleError } from '../errors/InvalidBundleError.js'
import { createExportBundle } from './createExportBundle.js'
import { hpkeSeal } from './hpkeSeal.js'
import { openExportBundle } from './openExportBundle.js'

const signerPrivateKey = p256.utils.randomSecretKey()
const signerPublicKey = bytesToHex(p256.getPublicKey(signerPrivateKey, false))
const recipientPrivateKey = p256.utils.randomSecretKey()
const targetPublicKey = bytesToHex(p256.getPublicKey(recipientPrivateKey, true))
const organizationId = '5c2b9a1e-4f3d-4e6b-9a8c-7d1e2f3a4b5c'
const plaintext = p256.utils.randomSecretKey()
const bundle = await createExportBundle({ plaintext, targetPublicKey, organizationId, signerPrivateKey })

/** Builds an envelope by hand, so tests can vary one part at a time. */
function envelope({
  version = 'v1.0.0',
  signed,
  signature,
  signerKey = signerPrivateKey,
}: {
  version?: unknown
  signed: unknown
  signature?: string
  signerKey?: Uint8Array
}): string {
  const data = new TextEncoder().encode(JSON.stringify(signed))
  return JSON.stringify({
    version,
    data: bytesToHex(data),
    dataSignature: signature ?? bytesToHex(p256.sign(data, signerKey, { format: 'der' })),
    enclaveQuorumPublic: bytesToHex(p256.getPublicKey(signerKey, false)),
  })
}

async function sealedFields(recipientPublicKey = targetPublicKey) {
  const sealed = await hpkeSeal({ plaintext, recipientPublicKey })
  return { encappedPublic: bytesToHex(sealed.encappedPublic), ciphertext: bytesToHex(sealed.ciphertext) }
}

async function expectInvalid(
  parameters: Parameters<typeof openExportBundle>[0],
  message: string,
): Promise<void> {
  const error = await openExportBundle(parameters).catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(InvalidBundleError)
  expect((error as InvalidBundleError).shortMessage).toBe(message)
}

describe('openExportBundle', () => {
  test('default', async () => {
    expect(await openExportBundle({ bundle, recipientPrivateKey, organizationId, signerPublicKey })).toEqual(
      plaintext,
    )
  })

  test('behavior: a compressed pinned signer key and a hex recipient key', async () => {
    const compressedSigner = bytesToHex(p256.getPublicKey(signerPrivateKey, true))
    const opened = await openExportBundle({
      bundle,
      recipientPrivateKey: bytesToHex(recipientPrivateKey),
      organizationId,
      signerPublicKey: compressedSigner,
    })
    expect(opened).toEqual(plaintext)
  })

  test('behavior: accepts a high-S signature', async () => {
    const signed = { organizationId, ...(await sealedFields()) }
    const data = new TextEncoder().encode(JSON.stringify(signed))
    const signature = p256.Signature.fromBytes(p256.sign(data, signerPrivateKey, { lowS: true }))
    const highS = new p256.Signature(signature.r, p256.Point.Fn.neg(signature.s))
    expect(highS.hasHighS()).toBe(true)
    const built = envelope({ signed, signature: highS.toHex('der') })
    expect(
      await openExportBundle({ bundle: built, recipientPrivateKey, organizationId, signerPublicKey }),
    ).toEqual(plaintext)
  })

  test('error: not JSON or not an object', async () => {
    const base = { recipientPrivateKey, organizationId, signerPublicKey }
    await expectInvalid({ ...base, bundle: 'not json' }, 'malformed export bundle')
    await expectInvalid({ ...base, bundle: '[1]' }, 'malformed export bundle')
  })

  test('error: unsupported version', async () => {
    const base = { recipientPrivateKey, organizationId, signerPublicKey }
    const signed = { organizationId, ...(await sealedFields()) }
    await expectInvalid(
      { ...base, bundle: envelope({ version: 'v0.9.0', signed }) },
      'unsupported export bundle version',
    )
    const { version: _version, ...withoutVersion } = JSON.parse(bundle)
    await expectInvalid(
      { ...base, bundle: JSON.stringify(withoutVersion) },
      'unsupported export bundle version',
    )
  })

  test('error: signed by a key other than the pinned signer', async () => {
    const otherSigner = p256.utils.randomSecretKey()
    const signed = { organizationId, ...(await sealedFields()) }
    await expectInvalid(
      {
        bundle: envelope({ signed, signerKey: otherSigner }),
        recipientPrivateKey,
        organizationId,
        signerPublicKey,
      },
      'export bundle signer mismatch',
    )
    const otherPinned = bytesToHex(p256.getPublicKey(otherSigner, false))
    await expectInvalid(
      { bundle, recipientPrivateKey, organizationId, signerPublicKey: otherPinned },
      'export bundle signer mismatch',
    )
  })

  test('error: tampered data or signature', async () => {
    const parsed = JSON.parse(bundle)
    const tamperedData = hexToBytes(parsed.data)
    tamperedData[tamperedData.length - 3] = (tamperedData[tamperedData.length - 3] ?? 0) ^ 1
    const base = { recipientPrivateKey, organizationId, signerPublicKey }
    await expectInvalid(
      { ...base, bundle: JSON.stringify({ ...parsed, data: bytesToHex(tamperedData) }) },
      'invalid export bundle signature',
    )
    await expectInvalid(
      { ...base, bundle: JSON.stringify({ ...parsed, dataSignature: '3006020101020101' }) },
      'invalid export bundle signature',
    )
    await expectInvalid(
      { ...base, bundle: JSON.stringify({ ...parsed, dataSignature: '30' }) },
      'invalid export bundle signature',
    )
    await expectInvalid(
      { ...base, bundle: JSON.stringify({ ...parsed, dataSignature: 'xyz' }) },
      'malformed export bundle',
    )
  })

  test('error: signed for another organization', async () => {
    await expectInvalid(
      { bundle, recipientPrivateKey, organizationId: 'another-organization', signerPublicKey },
      'export bundle organization mismatch',
    )
    const signedWithoutOrganization = await sealedFields()
    await expectInvalid(
      {
        bundle: envelope({ signed: signedWithoutOrganization }),
        recipientPrivateKey,
        organizationId,
        signerPublicKey,
      },
      'export bundle organization mismatch',
    )
  })

  test('error: sealed to another recipient', async () => {
    await expectInvalid(
      { bundle, recipientPrivateKey: p256.utils.randomSecretKey(), organizationId, signerPublicKey },
      'failed to decrypt bundle',
    )
  })

  test('error: signed data with missing or non-hex fields', async () => {
    const base = { recipientPrivateKey, organizationId, signerPublicKey }
    const fields = await sealedFields()
    await expectInvalid(
      { ...base, bundle: envelope({ signed: { organizationId, ciphertext: fields.ciphertext } }) },
      'malformed export bundle',
    )
    await expectInvalid(
      { ...base, bundle: envelope({ signed: { organizationId, ...fields, ciphertext: 'zz' } }) },
      'malformed export bundle',
    )
    await expectInvalid({ ...base, bundle: envelope({ signed: 'a string' }) }, 'malformed export bundle')
  })
})
