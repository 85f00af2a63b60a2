import { ed25519 } from '@noble/curves/ed25519.js'
import { p256 } from '@noble/curves/nist.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { describe, expect, test } from 'vitest'
import { bytesToHex } from '../encoding/bytesToHex.js'
import { hexToBytes } from '../encoding/hexToBytes.js'
import { InvalidStampError } from '../errors/InvalidStampError.js'
import { importP256PublicKey } from './importP256PublicKey.js'
import { type ApiKeyStamp, parseApiKeyStamp } from './parseApiKeyStamp.js'
import { turnkeyApiKeyStampVectors } from './stamp.vectors.js'
import { verifyApiKeyStamp } from './verifyApiKeyStamp.js'

const { body } = turnkeyApiKeyStampVectors
const highS = parseApiKeyStamp(turnkeyApiKeyStampVectors.highS.stampHeaderValue)
const lowS = parseApiKeyStamp(turnkeyApiKeyStampVectors.lowS.stampHeaderValue)

function isHighS(curve: typeof p256 | typeof secp256k1, signatureHex: string): boolean {
  return curve.Signature.fromBytes(hexToBytes(signatureHex), 'der').hasHighS()
}

/** Flips the last hex digit of the signature's s (keeps the DER valid). */
function tamper(stamp: ApiKeyStamp): ApiKeyStamp {
  const last = stamp.signature.at(-1) === '0' ? '1' : '0'
  return { ...stamp, signature: stamp.signature.slice(0, -1) + last }
}

describe('verifyApiKeyStamp', () => {
  test('default', async () => {
    expect(await verifyApiKeyStamp({ body, stamp: lowS })).toBe(true)
  })

  test('behavior: accepts a high-S stamp made by @turnkey/api-key-stamper', async () => {
    expect(isHighS(p256, highS.signature)).toBe(true)
    expect(isHighS(p256, lowS.signature)).toBe(false)
    expect(await verifyApiKeyStamp({ body, stamp: highS })).toBe(true)
  })

  test('behavior: uses a cached CryptoKey and accepts the body as bytes', async () => {
    const publicKey = await importP256PublicKey(highS.publicKey)
    const bodyBytes = new TextEncoder().encode(body)
    expect(await verifyApiKeyStamp({ body: bodyBytes, stamp: highS, publicKey })).toBe(true)
    expect(await verifyApiKeyStamp({ body: bodyBytes, stamp: lowS, publicKey })).toBe(true)
  })

  test('behavior: a cached key of another public key does not verify', async () => {
    const otherKey = await importP256PublicKey(
      bytesToHex(p256.getPublicKey(p256.utils.randomSecretKey(), true)),
    )
    expect(await verifyApiKeyStamp({ body, stamp: lowS, publicKey: otherKey })).toBe(false)
  })

  test('behavior: a tampered signature does not verify', async () => {
    expect(await verifyApiKeyStamp({ body, stamp: tamper(lowS) })).toBe(false)
    expect(await verifyApiKeyStamp({ body, stamp: tamper(highS) })).toBe(false)
  })

  test('behavior: a changed body does not verify (not even whitespace)', async () => {
    expect(await verifyApiKeyStamp({ body: `${body} `, stamp: lowS })).toBe(false)
    expect(await verifyApiKeyStamp({ body: JSON.stringify(JSON.parse(body), null, 1), stamp: lowS })).toBe(
      false,
    )
  })

  test('behavior: secp256k1 stamps, high-S included', async () => {
    const secretKey = secp256k1.utils.randomSecretKey()
    const message = new TextEncoder().encode(body)
    const signature = secp256k1.Signature.fromBytes(secp256k1.sign(message, secretKey, { prehash: true }))
    const high = new secp256k1.Signature(signature.r, secp256k1.Point.Fn.neg(signature.s))
    const stamp = (s: typeof signature): ApiKeyStamp => ({
      publicKey: bytesToHex(secp256k1.getPublicKey(secretKey, true)),
      scheme: 'SIGNATURE_SCHEME_TK_API_SECP256K1',
      signature: s.toHex('der'),
    })
    expect(isHighS(secp256k1, stamp(high).signature)).toBe(true)
    expect(await verifyApiKeyStamp({ body, stamp: stamp(signature) })).toBe(true)
    expect(await verifyApiKeyStamp({ body, stamp: stamp(high) })).toBe(true)
    expect(await verifyApiKeyStamp({ body: `${body}x`, stamp: stamp(signature) })).toBe(false)
  })

  test('behavior: Ed25519 stamps sign the raw body bytes', async () => {
    const secretKey = ed25519.utils.randomSecretKey()
    const stamp: ApiKeyStamp = {
      publicKey: bytesToHex(ed25519.getPublicKey(secretKey)),
      scheme: 'SIGNATURE_SCHEME_TK_API_ED25519',
      signature: bytesToHex(ed25519.sign(new TextEncoder().encode(body), secretKey)),
    }
    expect(await verifyApiKeyStamp({ body, stamp })).toBe(true)
    expect(await verifyApiKeyStamp({ body, stamp: tamper(stamp) })).toBe(false)
  })

  test('error: a DER signature that does not parse', async () => {
    const stamp = { ...lowS, signature: `3006020101020101${'00'}` }
    await expect(verifyApiKeyStamp({ body, stamp })).rejects.toThrow(InvalidStampError)
    await expect(
      verifyApiKeyStamp({ body, stamp: { ...lowS, signature: lowS.signature.slice(0, -2) } }),
    ).rejects.toThrow(InvalidStampError)
    await expect(
      verifyApiKeyStamp({
        body,
        stamp: { ...lowS, scheme: 'SIGNATURE_SCHEME_TK_API_SECP256K1', signature: '30' },
      }),
    ).rejects.toThrow(InvalidStampError)
  })

  test('error: hex fields that do not decode (a stamp not built by parseApiKeyStamp)', async () => {
    const ed: ApiKeyStamp = {
      publicKey: 'cd'.repeat(32),
      scheme: 'SIGNATURE_SCHEME_TK_API_ED25519',
      signature: 'zz',
    }
    await expect(verifyApiKeyStamp({ body, stamp: ed })).rejects.toThrow(InvalidStampError)
    await expect(verifyApiKeyStamp({ body, stamp: { ...ed, signature: 'ab' } })).rejects.toThrow(
      InvalidStampError,
    )
    await expect(verifyApiKeyStamp({ body, stamp: { ...lowS, signature: 'xyz' } })).rejects.toThrow(
      InvalidStampError,
    )
  })

  test('error: a public key that is not a point', async () => {
    const secp: ApiKeyStamp = {
      publicKey: `02${'ff'.repeat(32)}`,
      scheme: 'SIGNATURE_SCHEME_TK_API_SECP256K1',
      signature: lowS.signature,
    }
    await expect(verifyApiKeyStamp({ body, stamp: secp })).rejects.toThrow(InvalidStampError)
    await expect(
      verifyApiKeyStamp({ body, stamp: { ...lowS, publicKey: `02${'ff'.repeat(32)}` } }),
    ).rejects.toThrow(InvalidStampError)
  })
})
