import { describe, expect, test } from 'vitest'
import { base64urlEncode } from '../encoding/base64urlEncode.js'
import { InvalidStampError } from '../errors/InvalidStampError.js'
import { parseApiKeyStamp } from './parseApiKeyStamp.js'
import { turnkeyApiKeyStampVectors } from './stamp.vectors.js'

const p256Key = turnkeyApiKeyStampVectors.publicKey
const derSignature = `3044${'02'}20${'11'.repeat(32)}0220${'22'.repeat(32)}`

function encodeStamp(value: unknown): string {
  return base64urlEncode(JSON.stringify(value))
}

function expectMalformed(headerValue: string, details: RegExp): void {
  let error: unknown
  try {
    parseApiKeyStamp(headerValue)
  } catch (caught) {
    error = caught
  }
  expect(error).toBeInstanceOf(InvalidStampError)
  expect((error as InvalidStampError).shortMessage).toBe('malformed activity stamp')
  expect((error as InvalidStampError).details).toMatch(details)
}

describe('parseApiKeyStamp', () => {
  test('default', () => {
    expect(parseApiKeyStamp(turnkeyApiKeyStampVectors.lowS.stampHeaderValue)).toMatchInlineSnapshot(`
      {
        "publicKey": "02cca8b0f858962eb61a1ee79b7304c6a37276cfc01a72a8c1efbff558f3fef93a",
        "scheme": "SIGNATURE_SCHEME_TK_API_P256",
        "signature": "3045022100b8dd01ded9e9ad0a9d96787346cfd1aab79efcc4187e52a6e39f7f7db44772fc022040b86424fb89dc56271755e8e101d56219c8500712156d61d213d135bc28f1fe",
      }
    `)
  })

  test('behavior: field order does not matter, padding is tolerated, hex is lowercased', () => {
    const header = `${encodeStamp({ signature: derSignature.toUpperCase(), publicKey: p256Key.toUpperCase(), scheme: 'SIGNATURE_SCHEME_TK_API_P256' })}==`
    expect(parseApiKeyStamp(header)).toEqual({
      publicKey: p256Key,
      scheme: 'SIGNATURE_SCHEME_TK_API_P256',
      signature: derSignature,
    })
  })

  test('behavior: secp256k1 and Ed25519 schemes', () => {
    const secp = {
      publicKey: `03${'ab'.repeat(32)}`,
      scheme: 'SIGNATURE_SCHEME_TK_API_SECP256K1',
      signature: derSignature,
    }
    expect(parseApiKeyStamp(encodeStamp(secp))).toEqual(secp)
    const ed = {
      publicKey: 'cd'.repeat(32),
      scheme: 'SIGNATURE_SCHEME_TK_API_ED25519',
      signature: 'ef'.repeat(64),
    }
    expect(parseApiKeyStamp(encodeStamp(ed))).toEqual(ed)
  })

  test('error: not base64url', () => {
    expectMalformed('not a stamp!', /base64url/)
  })

  test('error: not JSON', () => {
    expectMalformed(base64urlEncode('{"publicKey":'), /not JSON/)
  })

  test('error: not an object', () => {
    expectMalformed(encodeStamp(['a']), /not a JSON object/)
    expectMalformed(encodeStamp(null), /not a JSON object/)
  })

  test('error: missing or wrongly typed fields', () => {
    const valid = { publicKey: p256Key, scheme: 'SIGNATURE_SCHEME_TK_API_P256', signature: derSignature }
    expectMalformed(encodeStamp({ ...valid, publicKey: undefined }), /publicKey must be a string/)
    expectMalformed(encodeStamp({ ...valid, scheme: 1 }), /scheme must be a string/)
    expectMalformed(encodeStamp({ ...valid, signature: { r: 1 } }), /signature must be a string/)
  })

  test('error: unknown scheme', () => {
    expectMalformed(
      encodeStamp({ publicKey: p256Key, scheme: 'SIGNATURE_SCHEME_RSA', signature: derSignature }),
      /unsupported signature scheme/,
    )
    expectMalformed(
      encodeStamp({ publicKey: p256Key, scheme: 'toString', signature: derSignature }),
      /unsupported signature scheme/,
    )
  })

  test('error: non-hex values', () => {
    const scheme = 'SIGNATURE_SCHEME_TK_API_P256'
    expectMalformed(
      encodeStamp({ publicKey: `${p256Key.slice(0, -1)}g`, scheme, signature: derSignature }),
      /not hex/,
    )
    expectMalformed(encodeStamp({ publicKey: p256Key, scheme, signature: `${derSignature}z0` }), /not hex/)
  })

  test('error: wrong key or signature length', () => {
    const scheme = 'SIGNATURE_SCHEME_TK_API_P256'
    expectMalformed(
      encodeStamp({ publicKey: `04${'ab'.repeat(64)}`, scheme, signature: derSignature }),
      /33 bytes/,
    )
    expectMalformed(
      encodeStamp({ publicKey: `05${'ab'.repeat(32)}`, scheme, signature: derSignature }),
      /compressed/,
    )
    expectMalformed(encodeStamp({ publicKey: p256Key, scheme, signature: '3000' }), /out of range/)
    expectMalformed(
      encodeStamp({
        publicKey: 'cd'.repeat(32),
        scheme: 'SIGNATURE_SCHEME_TK_API_ED25519',
        signature: 'ef'.repeat(63),
      }),
      /64 bytes/,
    )
  })
})
