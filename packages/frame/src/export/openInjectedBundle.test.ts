import { p256 } from '@noble/curves/nist.js'
import { bytesToHex, createExportBundle, hexToBytes, InvalidBundleError } from '@sigil/protocol'
import { describe, expect, test } from 'vitest'
import { missingOrganizationWarning, openInjectedBundle } from './openInjectedBundle.js'
import { readSignedOrganizationId } from './readSignedOrganizationId.js'

const signerPrivateKey = p256.utils.randomSecretKey()
const signerPublicKey = bytesToHex(p256.getPublicKey(signerPrivateKey, false))
const recipientPrivateKey = p256.utils.randomSecretKey()
const targetPublicKey = bytesToHex(p256.getPublicKey(recipientPrivateKey, false))
const organizationId = '5c2b9a1e-4f3d-4e6b-9a8c-7d1e2f3a4b5c'
const plaintext = new TextEncoder().encode('test test test test test test test test test test test junk')
const bundle = await createExportBundle({ plaintext, targetPublicKey, organizationId, signerPrivateKey })

/** `bundle` with its signed `data` replaced: the signature no longer covers it. */
function withData(signed: Record<string, unknown>): string {
  const envelope = JSON.parse(bundle) as Record<string, string>
  return JSON.stringify({ ...envelope, data: bytesToHex(new TextEncoder().encode(JSON.stringify(signed))) })
}

function signedData(): Record<string, unknown> {
  const envelope = JSON.parse(bundle) as { data: string }
  return JSON.parse(new TextDecoder().decode(hexToBytes(envelope.data))) as Record<string, unknown>
}

async function openWith(parameters: { bundle?: string; organizationId?: string }) {
  const warnings: string[] = []
  const result = await openInjectedBundle({
    bundle,
    recipientPrivateKey,
    signerPublicKey,
    warn: (message) => warnings.push(message),
    ...parameters,
  }).catch((error: unknown) => error)
  return { result, warnings }
}

function shortMessage(error: unknown): string {
  expect(error).toBeInstanceOf(InvalidBundleError)
  return (error as InvalidBundleError).shortMessage
}

describe('openInjectedBundle', () => {
  test('default: with the matching organizationId it opens, without a warning', async () => {
    const { result, warnings } = await openWith({ organizationId })
    expect(result).toEqual(plaintext)
    expect(warnings).toEqual([])
  })

  test('behavior: without organizationId (iframe-stamper 1.x) it opens for the signed organization and warns', async () => {
    for (const absent of [undefined, '']) {
      const { result, warnings } = await openWith(absent === undefined ? {} : { organizationId: absent })
      expect(result).toEqual(plaintext)
      expect(warnings).toEqual([missingOrganizationWarning])
    }
  })

  test('error: another organizationId is refused', async () => {
    const { result } = await openWith({ organizationId: '00000000-0000-4000-8000-000000000000' })
    expect(shortMessage(result)).toBe('export bundle organization mismatch')
  })

  test('error: without organizationId, a bundle whose data names another organization fails the signature', async () => {
    const forged = withData({ ...signedData(), organizationId: '00000000-0000-4000-8000-000000000000' })
    const { result } = await openWith({ bundle: forged })
    expect(shortMessage(result)).toBe('invalid export bundle signature')
  })

  test('error: without organizationId, a tampered signature is refused', async () => {
    const envelope = JSON.parse(bundle) as Record<string, string>
    const signature = envelope.dataSignature as string
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('00') ? '01' : '00'}`
    const { result } = await openWith({ bundle: JSON.stringify({ ...envelope, dataSignature: flipped }) })
    expect(shortMessage(result)).toBe('invalid export bundle signature')
  })

  test('error: without organizationId, a bundle signed by another key is refused', async () => {
    const otherSigner = p256.utils.randomSecretKey()
    const other = await createExportBundle({
      plaintext,
      targetPublicKey,
      organizationId,
      signerPrivateKey: otherSigner,
    })
    const { result } = await openWith({ bundle: other })
    expect(shortMessage(result)).toBe('export bundle signer mismatch')
  })
})

describe('readSignedOrganizationId', () => {
  test('default: the organizationId of the signed data', () => {
    expect(readSignedOrganizationId(bundle)).toBe(organizationId)
  })

  test('error: malformed bundles', () => {
    const { organizationId: _, ...withoutOrganization } = signedData()
    for (const malformed of [
      'not json',
      '[]',
      JSON.stringify({ data: 42 }),
      JSON.stringify({ data: 'zz' }),
      JSON.stringify({ data: bytesToHex(new TextEncoder().encode('[1]')) }),
      withData(withoutOrganization),
      withData({ ...signedData(), organizationId: '' }),
    ]) {
      let error: unknown
      try {
        readSignedOrganizationId(malformed)
      } catch (caught) {
        error = caught
      }
      expect(shortMessage(error), malformed).toBe('malformed export bundle')
    }
  })
})
