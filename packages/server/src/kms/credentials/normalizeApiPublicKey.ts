import { p256 } from '@noble/curves/nist.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { bytesToHex, hexToBytes, signerErrorCodes } from '@sigil/protocol'
import { ApiError } from '../../http/errors/ApiError.js'

/**
 * Checks that an API public key is a valid point of its curve and returns it in the stored form:
 * lowercase compressed SEC1 hex for P-256 and secp256k1 (uncompressed input is compressed), 32-byte
 * hex for ed25519.
 *
 * @example
 * normalizeApiPublicKey('API_KEY_CURVE_P256', '04ab…') // '02…'
 */
export function normalizeApiPublicKey(curveType: string, publicKey: string): string {
  try {
    const bytes = hexToBytes(publicKey)
    if (curveType === 'API_KEY_CURVE_ED25519') {
      if (bytes.length !== 32) throw new Error('an ed25519 public key is 32 bytes')
      return bytesToHex(bytes)
    }
    const curve = curveType === 'API_KEY_CURVE_P256' ? p256 : secp256k1
    return bytesToHex(curve.Point.fromBytes(bytes).toBytes(true))
  } catch (cause) {
    throw new ApiError('INVALID_ARGUMENT', `invalid ${curveType} public key`, {
      errorCode: signerErrorCodes.REQUEST_INVALID,
      cause,
      fieldViolations: [{ field: 'publicKey', description: 'not a valid point of the curve' }],
    })
  }
}
