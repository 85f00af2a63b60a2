import { ed25519 } from '@noble/curves/ed25519.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import secp256k1 from 'secp256k1'
import type { SigningCurve } from './computeSigningDigest.js'
import { InvalidPayloadEncodingError } from './InvalidPayloadEncodingError.js'
import { UnsupportedSigningCurveError } from './UnsupportedSigningCurveError.js'

export type SignDigestParameters = {
  curve: SigningCurve
  /** secp256k1: the 32-byte scalar; ed25519: the 32-byte RFC 8032 seed. */
  privateKey: Uint8Array
  /** What {@link computeSigningDigest} returned: a 32-byte digest (secp256k1) or the message (ed25519). */
  message: Uint8Array
}

/** The wire result of a sign-raw-payload activity (docs/protocol.md#sign-raw-payload): lowercase hex without `0x`. */
export type SignDigestReturnType = {
  /** 32 bytes: ECDSA `r`, or the first half of the ed25519 signature. */
  r: string
  /** 32 bytes: ECDSA low-S `s`, or the second half of the ed25519 signature. */
  s: string
  /** secp256k1: the recovery id (yParity), `"00"` or `"01"`; ed25519: `"00"`. */
  v: string
}

/**
 * Signs a digest or message with a wallet key. secp256k1 uses libsecp256k1 (native, RFC 6979
 * deterministic nonces, low-S as Ethereum requires); ed25519 uses @noble/curves over the raw message.
 *
 * @example
 * const message = computeSigningDigest({ payload, encoding, hashFunction, curve: 'CURVE_SECP256K1' })
 * const { r, s, v } = signDigest({ curve: 'CURVE_SECP256K1', privateKey, message })
 */
export function signDigest(parameters: SignDigestParameters): SignDigestReturnType {
  const { curve, privateKey, message } = parameters
  if (curve === 'CURVE_SECP256K1') {
    if (message.length !== 32)
      throw new InvalidPayloadEncodingError({
        details: `CURVE_SECP256K1 signs a 32-byte digest; got ${message.length} bytes`,
      })
    const { signature, recid } = secp256k1.ecdsaSign(message, privateKey)
    return {
      r: bytesToHex(signature.subarray(0, 32)),
      s: bytesToHex(signature.subarray(32, 64)),
      v: recid.toString(16).padStart(2, '0'),
    }
  }
  if (curve === 'CURVE_ED25519') {
    const signature = ed25519.sign(message, privateKey)
    return { r: bytesToHex(signature.subarray(0, 32)), s: bytesToHex(signature.subarray(32, 64)), v: '00' }
  }
  throw new UnsupportedSigningCurveError({ details: `${String(curve)} keys cannot sign here` })
}
