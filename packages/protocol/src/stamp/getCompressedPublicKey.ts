import { p256 } from '@noble/curves/nist.js'
import { bytesToHex } from '../encoding/bytesToHex.js'
import { toP256PrivateKeyBytes } from '../keys/toP256PrivateKeyBytes.js'

/**
 * Derives the compressed SEC1 public key (lowercase hex, 66 chars, prefix `02`/`03`) of a P-256
 * private key given as hex or 32 bytes. This is the form API keys are registered and stamped with.
 *
 * @example
 * getCompressedPublicKey('c8f4…7060') // '02cca8b0…f93a'
 */
export function getCompressedPublicKey(privateKey: string | Uint8Array): string {
  return bytesToHex(p256.getPublicKey(toP256PrivateKeyBytes(privateKey), true))
}
