import { generateKeyPairSync, sign } from 'node:crypto'
import { p256 } from '@noble/curves/nist.js'
import { type ApiKeyStamp, createApiKeyStamp, InvalidStampError, parseApiKeyStamp } from '@sigil/protocol'
import { describe, expect, test } from 'vitest'
import { verifyApiKeyStampCached } from './verifyApiKeyStampCached.js'

/** A high-S stamp made by `@turnkey/api-key-stamper` (the protocol package's vector). */
const vector = {
  body: '{"type":"ACTIVITY_TYPE_CREATE_WALLET","timestampMs":"1735689600000","organizationId":"e6a5b1a4-0000-4000-8000-000000000001","parameters":{"walletName":"vector wallet","accounts":[]}}',
  highS:
    'eyJwdWJsaWNLZXkiOiIwMmNjYThiMGY4NTg5NjJlYjYxYTFlZTc5YjczMDRjNmEzNzI3NmNmYzAxYTcyYThjMWVmYmZmNTU4ZjNmZWY5M2EiLCJzY2hlbWUiOiJTSUdOQVRVUkVfU0NIRU1FX1RLX0FQSV9QMjU2Iiwic2lnbmF0dXJlIjoiMzA0NTAyMjA3OGM0OGMwZTIyZjI2Y2M0Zjg4OGFkMzg4OTk2MzAzMGI3ZTZmMDc5MDBlZjZhOGMxYWY4NjNiZjg1ZjFlNjg4MDIyMTAwZWFhNDFmMjA3MGM0OTg4NGJhNGQ1NTNmN2QyMjU5M2MyZWI3MTRlNzUxMTIzYTU2MDE1Y2ZmNTU2MWE0MTY2MyJ9',
}
const highS = parseApiKeyStamp(vector.highS)

async function stampWithNewKey(body: string): Promise<ApiKeyStamp> {
  const secret = p256.utils.randomSecretKey()
  return parseApiKeyStamp((await createApiKeyStamp({ body, privateKey: secret })).stampHeaderValue)
}

/** Flips the last hex digit of the signature's s (keeps the DER valid). */
function tamper(stamp: ApiKeyStamp): ApiKeyStamp {
  return { ...stamp, signature: stamp.signature.slice(0, -1) + (stamp.signature.at(-1) === '0' ? '1' : '0') }
}

describe('verifyApiKeyStampCached', () => {
  test('default', async () => {
    const stamp = await stampWithNewKey('{"a":1}')
    expect(await verifyApiKeyStampCached(new Map(), { body: '{"a":1}', stamp })).toBe(true)
  })

  test('behavior: accepts a high-S stamp made by @turnkey/api-key-stamper', async () => {
    expect(p256.Signature.fromHex(highS.signature, 'der').hasHighS()).toBe(true)
    expect(await verifyApiKeyStampCached(new Map(), { body: vector.body, stamp: highS })).toBe(true)
  })

  test('behavior: accepts a high-S stamp signed by OpenSSL, which does not normalize S', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const { x, y } = publicKey.export({ format: 'jwk' })
    const compressed =
      (Buffer.from(y!, 'base64url').at(-1)! & 1 ? '03' : '02') + Buffer.from(x!, 'base64url').toString('hex')
    const cache = new Map<string, CryptoKey>()
    let highSSeen = 0
    for (let attempt = 0; attempt < 64 && highSSeen < 2; attempt++) {
      const body = `{"attempt":${attempt}}`
      const signature = sign('sha256', Buffer.from(body), privateKey).toString('hex')
      if (p256.Signature.fromHex(signature, 'der').hasHighS()) highSSeen++
      const stamp: ApiKeyStamp = { publicKey: compressed, scheme: 'SIGNATURE_SCHEME_TK_API_P256', signature }
      expect(await verifyApiKeyStampCached(cache, { body, stamp })).toBe(true)
    }
    expect(highSSeen).toBe(2)
  })

  test('behavior: imports a key once and reuses it', async () => {
    const cache = new Map<string, CryptoKey>()
    const stamp = await stampWithNewKey('{}')
    expect(await verifyApiKeyStampCached(cache, { body: '{}', stamp })).toBe(true)
    const cached = cache.get(stamp.publicKey)
    expect(cached?.type).toBe('public')
    expect(await verifyApiKeyStampCached(cache, { body: '{}', stamp })).toBe(true)
    expect(cache.size).toBe(1)
    expect(cache.get(stamp.publicKey)).toBe(cached)
  })

  test('behavior: a tampered signature or a changed body does not verify', async () => {
    const cache = new Map<string, CryptoKey>()
    expect(await verifyApiKeyStampCached(cache, { body: vector.body, stamp: tamper(highS) })).toBe(false)
    expect(await verifyApiKeyStampCached(cache, { body: `${vector.body} `, stamp: highS })).toBe(false)
  })

  test("behavior: another key's signature does not verify", async () => {
    const other = await stampWithNewKey(vector.body)
    const stamp = { ...highS, signature: other.signature }
    expect(await verifyApiKeyStampCached(new Map(), { body: vector.body, stamp })).toBe(false)
  })

  test('error: a signature that is not DER throws InvalidStampError', async () => {
    const malformed = [
      `${highS.signature}00`, // trailing byte
      `3046${highS.signature.slice(4)}`, // wrong sequence length
      `${highS.signature.slice(0, 8)}00${highS.signature.slice(8)}`, // non-minimal integer
    ]
    for (const signature of malformed)
      await expect(
        verifyApiKeyStampCached(new Map(), { body: vector.body, stamp: { ...highS, signature } }),
      ).rejects.toThrow(InvalidStampError)
  })

  test('error: a public key that is not a P-256 point throws InvalidStampError', async () => {
    const stamp = { ...highS, publicKey: `02${'ff'.repeat(32)}` }
    await expect(verifyApiKeyStampCached(new Map(), { body: vector.body, stamp })).rejects.toThrow(
      InvalidStampError,
    )
  })
})
