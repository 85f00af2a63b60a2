import { sha256 } from '@noble/hashes/sha2.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import type { HashFunction, PayloadEncoding } from '@sigil/protocol'
import { hashMessage, hashTypedData } from 'viem'
import { hashAuthorization } from 'viem/utils'
import { describe, expect, test } from 'vitest'
import {
  type ComputeSigningDigestParameters,
  computeSigningDigest,
  type SigningCurve,
} from './computeSigningDigest.js'
import { InvalidHashFunctionError } from './InvalidHashFunctionError.js'
import { InvalidPayloadEncodingError } from './InvalidPayloadEncodingError.js'
import { mail, mailDigest, toTurnkeyViemTypedDataPayload } from './typedData.vectors.js'
import { UnsupportedSigningCurveError } from './UnsupportedSigningCurveError.js'

const digestHex = hashMessage('hello') // 0x-prefixed 32 bytes, as @turnkey/viem signMessage sends it
const text = 'thirty-two bytes of UTF-8 text!!'
const typedDataPayload = toTurnkeyViemTypedDataPayload(mail)
const authorization = { address: '0x0000000071727De22E5E9d8BAf0edAc6f37da032', chainId: 1, nonce: 3 } as const

const payloads: Record<PayloadEncoding, string> = {
  PAYLOAD_ENCODING_HEXADECIMAL: digestHex,
  PAYLOAD_ENCODING_TEXT_UTF8: text,
  PAYLOAD_ENCODING_EIP712: typedDataPayload,
  PAYLOAD_ENCODING_EIP7702_AUTHORIZATION: JSON.stringify(authorization),
}
const messages: Record<PayloadEncoding, Uint8Array> = {
  PAYLOAD_ENCODING_HEXADECIMAL: hexToBytes(digestHex.slice(2)),
  PAYLOAD_ENCODING_TEXT_UTF8: utf8ToBytes(text),
  PAYLOAD_ENCODING_EIP712: hexToBytes(mailDigest.slice(2)),
  PAYLOAD_ENCODING_EIP7702_AUTHORIZATION: hexToBytes(hashAuthorization(authorization).slice(2)),
}
const encodings = Object.keys(payloads) as PayloadEncoding[]
const hashFunctions: HashFunction[] = [
  'HASH_FUNCTION_NO_OP',
  'HASH_FUNCTION_SHA256',
  'HASH_FUNCTION_KECCAK256',
  'HASH_FUNCTION_NOT_APPLICABLE',
]
const curves: SigningCurve[] = ['CURVE_SECP256K1', 'CURVE_ED25519']

/** The rules of docs/protocol.md#sign-raw-payload, written as a table: the bytes to sign, or the error. */
function expected(curve: SigningCurve, encoding: PayloadEncoding, hashFunction: HashFunction) {
  const message = messages[encoding]
  const structured =
    encoding === 'PAYLOAD_ENCODING_EIP712' || encoding === 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION'
  if (structured) {
    if (curve === 'CURVE_ED25519') return InvalidPayloadEncodingError
    return hashFunction === 'HASH_FUNCTION_NO_OP' || hashFunction === 'HASH_FUNCTION_NOT_APPLICABLE'
      ? message
      : InvalidHashFunctionError
  }
  if (curve === 'CURVE_ED25519')
    return hashFunction === 'HASH_FUNCTION_NOT_APPLICABLE' ? message : InvalidHashFunctionError
  if (hashFunction === 'HASH_FUNCTION_SHA256') return sha256(message)
  if (hashFunction === 'HASH_FUNCTION_KECCAK256') return keccak_256(message)
  if (hashFunction === 'HASH_FUNCTION_NO_OP') return message
  return InvalidHashFunctionError
}

const matrix = curves.flatMap((curve) =>
  encodings.flatMap((encoding) => hashFunctions.map((hashFunction) => ({ curve, encoding, hashFunction }))),
)

const compute = (parameters: Partial<ComputeSigningDigestParameters>) =>
  computeSigningDigest({
    payload: digestHex,
    encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
    hashFunction: 'HASH_FUNCTION_NO_OP',
    curve: 'CURVE_SECP256K1',
    ...parameters,
  })

describe('computeSigningDigest', () => {
  test('default', () => {
    expect(bytesToHex(compute({}))).toBe(digestHex.slice(2))
  })

  test.each(matrix)('behavior: $curve × $encoding × $hashFunction', ({ curve, encoding, hashFunction }) => {
    const outcome = expected(curve, encoding, hashFunction)
    const run = () => computeSigningDigest({ payload: payloads[encoding], encoding, hashFunction, curve })
    if (outcome instanceof Uint8Array) expect(bytesToHex(run())).toBe(bytesToHex(outcome))
    else expect(run).toThrow(outcome)
  })

  test('behavior: hex with or without 0x, in either case', () => {
    const bare = digestHex.slice(2)
    expect(bytesToHex(compute({ payload: bare }))).toBe(bare)
    expect(bytesToHex(compute({ payload: bare.toUpperCase() }))).toBe(bare)
  })

  test('behavior: ed25519 signs hex message bytes of any length as they are (@turnkey/solana)', () => {
    const message = 'deadbeef00ff'
    const parameters = { curve: 'CURVE_ED25519', hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' } as const
    expect(bytesToHex(compute({ ...parameters, payload: message }))).toBe(message)
    expect(compute({ ...parameters, payload: '' })).toHaveLength(0)
  })

  test('behavior: secp256k1 hashes hex or text of any length with SHA256 and KECCAK256', () => {
    expect(bytesToHex(compute({ payload: '0x', hashFunction: 'HASH_FUNCTION_SHA256' }))).toBe(
      bytesToHex(sha256(new Uint8Array())),
    )
    const long = 'a'.repeat(1000)
    expect(
      bytesToHex(
        compute({
          payload: long,
          encoding: 'PAYLOAD_ENCODING_TEXT_UTF8',
          hashFunction: 'HASH_FUNCTION_KECCAK256',
        }),
      ),
    ).toBe(bytesToHex(keccak_256(utf8ToBytes(long))))
  })

  test('behavior: EIP-712 digest equals the EIP-712 document example', () => {
    const digest = compute({ payload: typedDataPayload, encoding: 'PAYLOAD_ENCODING_EIP712' })
    expect(`0x${bytesToHex(digest)}`).toBe(mailDigest)
    expect(`0x${bytesToHex(digest)}`).toBe(hashTypedData(mail))
  })

  test.each([
    ['odd length', '0xabc'],
    ['not hex', '0xzz'],
    ['0x twice', '0x0x00'],
    ['capital 0X', `0X${digestHex.slice(2)}`],
    ['whitespace', ` ${digestHex}`],
  ])('error: hex payload with %s', (_, payload) => {
    expect(() => compute({ payload, hashFunction: 'HASH_FUNCTION_SHA256' })).toThrow(
      InvalidPayloadEncodingError,
    )
    expect(() => compute({ payload, hashFunction: 'HASH_FUNCTION_SHA256' })).toThrow(
      'invalid payload encoding',
    )
  })

  test('error: NO_OP with secp256k1 needs exactly 32 bytes', () => {
    for (const payload of ['0x', `${digestHex}00`, digestHex.slice(0, -2)])
      expect(() => compute({ payload })).toThrow(/32-byte digest/)
    expect(() => compute({ payload: 'short', encoding: 'PAYLOAD_ENCODING_TEXT_UTF8' })).toThrow(
      InvalidPayloadEncodingError,
    )
  })

  test('error: ed25519 with a hash function other than NOT_APPLICABLE', () => {
    expect(() => compute({ curve: 'CURVE_ED25519', hashFunction: 'HASH_FUNCTION_SHA256' })).toThrow(
      'invalid hash function',
    )
  })

  test('error: unknown encoding, hash function and curve', () => {
    expect(() => compute({ encoding: 'PAYLOAD_ENCODING_BASE64' as PayloadEncoding })).toThrow(
      InvalidPayloadEncodingError,
    )
    expect(() => compute({ hashFunction: 'HASH_FUNCTION_MD5' as HashFunction })).toThrow(
      InvalidHashFunctionError,
    )
    expect(() => compute({ curve: 'CURVE_P256' as SigningCurve })).toThrow(UnsupportedSigningCurveError)
  })

  test('error: malformed EIP-712 and EIP-7702 payloads', () => {
    expect(() => compute({ encoding: 'PAYLOAD_ENCODING_EIP712', payload: '{' })).toThrow(
      InvalidPayloadEncodingError,
    )
    expect(() => compute({ encoding: 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION', payload: '{}' })).toThrow(
      InvalidPayloadEncodingError,
    )
  })

  test("error: viem's typed-data validation is reported as the payload's, with its reason and cause", () => {
    const badAddress = JSON.stringify({
      ...mail,
      message: { ...mail.message, to: { name: 'Bob', wallet: '0x1234' } },
    })
    const missingField = JSON.stringify({
      ...mail,
      message: { from: mail.message.from, to: mail.message.to },
    })
    for (const payload of [badAddress, missingField]) {
      let caught: unknown
      try {
        compute({ encoding: 'PAYLOAD_ENCODING_EIP712', payload })
      } catch (error) {
        caught = error
      }
      expect(caught).toBeInstanceOf(InvalidPayloadEncodingError)
      expect((caught as InvalidPayloadEncodingError).details).toMatch(/^PAYLOAD_ENCODING_EIP712: /)
      expect((caught as InvalidPayloadEncodingError).cause).toBeInstanceOf(Error)
    }
  })
})
