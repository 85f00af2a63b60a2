import { p256 } from '@noble/curves/nist.js'
import { describe, expect, test } from 'vitest'
import { base64urlDecode } from '../encoding/base64urlDecode.js'
import { hexToBytes } from '../encoding/hexToBytes.js'
import { InvalidEncodingError } from '../errors/InvalidEncodingError.js'
import { createApiKeyStamp } from './createApiKeyStamp.js'
import { parseApiKeyStamp } from './parseApiKeyStamp.js'
import { turnkeyApiKeyStampVectors } from './stamp.vectors.js'
import { verifyApiKeyStamp } from './verifyApiKeyStamp.js'

const { privateKey, publicKey, body } = turnkeyApiKeyStampVectors

describe('createApiKeyStamp', () => {
  test('default', async () => {
    const stamp = await createApiKeyStamp({ body, privateKey })
    expect(stamp.stampHeaderName).toBe('X-Stamp')
    expect(stamp.stampHeaderValue).not.toMatch(/[=+/]/)
    const json = new TextDecoder().decode(base64urlDecode(stamp.stampHeaderValue))
    expect(Object.keys(JSON.parse(json))).toEqual(['publicKey', 'scheme', 'signature'])
    const parsed = parseApiKeyStamp(stamp.stampHeaderValue)
    expect(parsed.publicKey).toBe(publicKey)
    expect(parsed.scheme).toBe('SIGNATURE_SCHEME_TK_API_P256')
    expect(await verifyApiKeyStamp({ body, stamp: parsed })).toBe(true)
  })

  test('behavior: the signature is DER ECDSA-P256 over SHA-256 of the UTF-8 body', async () => {
    const unicodeBody = '{"walletName":"café ☕"}'
    const { signature } = parseApiKeyStamp(
      (await createApiKeyStamp({ body: unicodeBody, privateKey })).stampHeaderValue,
    )
    const message = new TextEncoder().encode(unicodeBody)
    expect(
      p256.verify(hexToBytes(signature), message, hexToBytes(publicKey), { format: 'der', lowS: false }),
    ).toBe(true)
  })

  test('behavior: a given publicKey is used as is and bytes keys work', async () => {
    const stamp = await createApiKeyStamp({ body, privateKey: hexToBytes(privateKey), publicKey })
    expect(parseApiKeyStamp(stamp.stampHeaderValue).publicKey).toBe(publicKey)
  })

  test('error: malformed private key', async () => {
    await expect(createApiKeyStamp({ body, privateKey: 'abcd' })).rejects.toThrow(InvalidEncodingError)
  })
})
