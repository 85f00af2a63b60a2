import { sha256 } from '@noble/hashes/sha2.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import type { Curve, HashFunction, PayloadEncoding } from '@sigil/protocol'
import { hashTypedData } from 'viem'
import { hashAuthorization } from 'viem/utils'
import { InvalidHashFunctionError } from './InvalidHashFunctionError.js'
import { InvalidPayloadEncodingError } from './InvalidPayloadEncodingError.js'
import { parseAuthorizationPayload } from './parseAuthorizationPayload.js'
import { parseTypedDataPayload } from './parseTypedDataPayload.js'
import { UnsupportedSigningCurveError } from './UnsupportedSigningCurveError.js'

/** The curves this server signs with. */
export type SigningCurve = Extract<Curve, 'CURVE_SECP256K1' | 'CURVE_ED25519'>

export type ComputeSigningDigestParameters = {
  /** The `payload` of a sign-raw-payload intent. */
  payload: string
  encoding: PayloadEncoding
  hashFunction: HashFunction
  /** The curve of the key that will sign. */
  curve: SigningCurve
}

/** secp256k1: the 32-byte digest ECDSA signs. ed25519: the message bytes (RFC 8032 hashes them itself). */
export type ComputeSigningDigestReturnType = Uint8Array

const hexPayload = /^(?:0x)?((?:[0-9a-fA-F]{2})*)$/

const payloadEncodings: readonly string[] = [
  'PAYLOAD_ENCODING_HEXADECIMAL',
  'PAYLOAD_ENCODING_TEXT_UTF8',
  'PAYLOAD_ENCODING_EIP712',
  'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION',
] satisfies PayloadEncoding[]
const hashFunctions: readonly string[] = [
  'HASH_FUNCTION_NO_OP',
  'HASH_FUNCTION_SHA256',
  'HASH_FUNCTION_KECCAK256',
  'HASH_FUNCTION_NOT_APPLICABLE',
] satisfies HashFunction[]

/**
 * Computes the exact bytes a key signs for a sign-raw-payload request (docs/protocol.md#sign-raw-payload):
 *
 * - `PAYLOAD_ENCODING_HEXADECIMAL` (an optional `0x` is allowed) and `_TEXT_UTF8` are decoded,
 *   then hashed by `hashFunction`: `SHA256` or `KECCAK256`; `NO_OP` when the payload already is a
 *   32-byte digest (as `@turnkey/viem` `signMessage` sends `hashMessage(message)`).
 * - `PAYLOAD_ENCODING_EIP712` (typed-data JSON) and `_EIP7702_AUTHORIZATION` (`{address, chainId,
 *   nonce}`) are hashed by their own rules; `hashFunction` must be `NO_OP` or `NOT_APPLICABLE`.
 * - ed25519 signs the decoded message itself and takes only `HASH_FUNCTION_NOT_APPLICABLE`.
 *
 * Throws {@link InvalidPayloadEncodingError} ("invalid payload encoding"),
 * {@link InvalidHashFunctionError} ("invalid hash function") or {@link UnsupportedSigningCurveError}.
 *
 * @example
 * const digest = computeSigningDigest({
 *   payload: hashMessage('hello'),
 *   encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
 *   hashFunction: 'HASH_FUNCTION_NO_OP',
 *   curve: 'CURVE_SECP256K1',
 * })
 */
export function computeSigningDigest(
  parameters: ComputeSigningDigestParameters,
): ComputeSigningDigestReturnType {
  const { payload, encoding, hashFunction, curve } = parameters
  if (curve !== 'CURVE_SECP256K1' && curve !== 'CURVE_ED25519')
    throw new UnsupportedSigningCurveError({ details: `${String(curve)} keys cannot sign here` })
  if (!payloadEncodings.includes(encoding))
    throw new InvalidPayloadEncodingError({ details: `unknown encoding ${JSON.stringify(String(encoding))}` })
  if (!hashFunctions.includes(hashFunction))
    throw new InvalidHashFunctionError({
      details: `unknown hash function ${JSON.stringify(String(hashFunction))}`,
    })
  if (typeof payload !== 'string')
    throw new InvalidPayloadEncodingError({ details: 'the payload is not a string' })

  switch (encoding) {
    case 'PAYLOAD_ENCODING_HEXADECIMAL': {
      const match = hexPayload.exec(payload)
      if (!match)
        throw new InvalidPayloadEncodingError({
          details:
            'PAYLOAD_ENCODING_HEXADECIMAL: the payload is not an even number of hex digits (0x optional)',
        })
      return hashMessageBytes(hexToBytes(match[1]!), hashFunction, curve)
    }
    case 'PAYLOAD_ENCODING_TEXT_UTF8':
      return hashMessageBytes(utf8ToBytes(payload), hashFunction, curve)
    case 'PAYLOAD_ENCODING_EIP712':
      checkStructuredEncoding(encoding, hashFunction, curve)
      return hashStructured(() => hashTypedData(parseTypedDataPayload(payload)), 'PAYLOAD_ENCODING_EIP712')
    case 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION':
      checkStructuredEncoding(encoding, hashFunction, curve)
      return hashStructured(
        () => hashAuthorization(parseAuthorizationPayload(payload)),
        'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION',
      )
    default:
      throw new InvalidPayloadEncodingError({
        details: `unknown encoding ${JSON.stringify(String(encoding))}`,
      })
  }
}

/** Applies `hashFunction` to a decoded hex or text payload. */
function hashMessageBytes(message: Uint8Array, hashFunction: HashFunction, curve: SigningCurve): Uint8Array {
  if (curve === 'CURVE_ED25519') {
    if (hashFunction !== 'HASH_FUNCTION_NOT_APPLICABLE')
      throw new InvalidHashFunctionError({
        details: `CURVE_ED25519 signs the message itself (RFC 8032); use HASH_FUNCTION_NOT_APPLICABLE, not ${hashFunction}`,
      })
    return message
  }
  switch (hashFunction) {
    case 'HASH_FUNCTION_SHA256':
      return sha256(message)
    case 'HASH_FUNCTION_KECCAK256':
      return keccak_256(message)
    case 'HASH_FUNCTION_NO_OP':
      if (message.length !== 32)
        throw new InvalidPayloadEncodingError({
          details: `HASH_FUNCTION_NO_OP signs the payload as a 32-byte digest; it decodes to ${message.length} bytes`,
        })
      return message
    default:
      throw new InvalidHashFunctionError({
        details: 'CURVE_SECP256K1 signs a digest; use HASH_FUNCTION_NO_OP, _SHA256 or _KECCAK256',
      })
  }
}

/** EIP-712 and EIP-7702 payloads carry their own hashing and are Ethereum (secp256k1) only. */
function checkStructuredEncoding(
  encoding: PayloadEncoding,
  hashFunction: HashFunction,
  curve: SigningCurve,
): void {
  if (curve !== 'CURVE_SECP256K1')
    throw new InvalidPayloadEncodingError({
      details: `${encoding} is signed by CURVE_SECP256K1 keys, not ${curve}`,
    })
  if (hashFunction !== 'HASH_FUNCTION_NO_OP' && hashFunction !== 'HASH_FUNCTION_NOT_APPLICABLE')
    throw new InvalidHashFunctionError({
      details: `${encoding} defines its own digest; use HASH_FUNCTION_NO_OP, not ${hashFunction}`,
    })
}

/** Runs viem's hashing, reporting its validation errors (bad address, missing field, …) as the payload's. */
function hashStructured(hash: () => `0x${string}`, encoding: PayloadEncoding): Uint8Array {
  let digest: `0x${string}`
  try {
    digest = hash()
  } catch (cause) {
    if (cause instanceof InvalidPayloadEncodingError) throw cause
    const reason =
      cause instanceof Error && 'shortMessage' in cause ? String(cause.shortMessage) : 'cannot be hashed'
    throw new InvalidPayloadEncodingError({ details: `${encoding}: ${reason}`, cause })
  }
  return hexToBytes(digest.slice(2))
}
