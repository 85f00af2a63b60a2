import { Buffer } from 'node:buffer'
import { hexToBytes, parseApiKeyStamp, verifyApiKeyStamp } from '@sigil/protocol'
import { describe, expect, test } from 'vitest'
import { importSessionKey } from './importSessionKey.js'
import { stampWithSessionKey } from './stampWithSessionKey.js'

const secretHex = 'c8f4b1b2b2a1f3e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a392817060'
const body = '{"organizationId":"org","parameters":{"walletName":"café"}}'

describe('stampWithSessionKey', () => {
  test('default', async () => {
    const sessionKey = await importSessionKey(hexToBytes(secretHex))
    const value = await stampWithSessionKey(sessionKey, body)
    const stamp = parseApiKeyStamp(value)
    expect(stamp.publicKey).toBe('02cca8b0f858962eb61a1ee79b7304c6a37276cfc01a72a8c1efbff558f3fef93a')
    expect(stamp.scheme).toBe('SIGNATURE_SCHEME_TK_API_P256')
    expect(await verifyApiKeyStamp({ body, stamp })).toBe(true)
  })

  test('behavior: the header value is the X-Stamp JSON in its fixed key order, unpadded base64url', async () => {
    const value = await stampWithSessionKey(await importSessionKey(hexToBytes(secretHex)), body)
    expect(value).not.toMatch(/[=+/]/)
    const json = Buffer.from(value, 'base64url').toString('utf8')
    expect(Object.keys(JSON.parse(json))).toEqual(['publicKey', 'scheme', 'signature'])
  })
})
