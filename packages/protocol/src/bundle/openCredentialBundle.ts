import { base58checkDecode } from '../encoding/base58checkDecode.js'
import { base64urlDecode } from '../encoding/base64urlDecode.js'
import { InvalidBundleError } from '../errors/InvalidBundleError.js'
import { hpkeOpen } from './hpkeOpen.js'

export type OpenCredentialBundleParameters = {
  /** base58check (current) or base64url (legacy) of compressed enc ‖ ciphertext. */
  bundle: string
  /** The target key the bundle was sealed to: hex, 32 bytes, or a WebCrypto ECDH key pair. */
  recipientPrivateKey: Uint8Array | string | CryptoKeyPair
}

/** Characters outside base58 but inside base64url; their absence marks a base58check bundle. */
const base64urlOnly = /[-_OIl0]/
const compressedKeyBytes = 33
const credentialKeyBytes = 32

function decodeBundle(bundle: string): Uint8Array {
  if (!base64urlOnly.test(bundle)) {
    try {
      return base58checkDecode(bundle)
    } catch {
      // A base64url string may happen to use only base58 characters: try that next.
    }
  }
  try {
    return base64urlDecode(bundle)
  } catch (cause) {
    throw new InvalidBundleError('malformed credential bundle', {
      details: 'neither base58check nor base64url',
      cause,
    })
  }
}

/**
 * Decrypts a credential bundle and returns the 32-byte API private key inside. Accepts the current
 * base58check form and the legacy base64url form of the same bytes (base58 is detected when the
 * string has none of `- _ O I l 0`). Throws `InvalidBundleError` when the bundle is malformed, was
 * sealed to another key, or was tampered with.
 *
 * @example
 * const apiPrivateKey = await openCredentialBundle({ bundle: credentialBundle, recipientPrivateKey: embeddedKey })
 */
export async function openCredentialBundle({
  bundle,
  recipientPrivateKey,
}: OpenCredentialBundleParameters): Promise<Uint8Array> {
  const bytes = decodeBundle(bundle.trim())
  if (bytes.length <= compressedKeyBytes)
    throw new InvalidBundleError('malformed credential bundle', {
      details: `${bytes.length} bytes is too short for an encapsulated key and a ciphertext`,
    })
  const plaintext = await hpkeOpen({
    encappedPublic: bytes.subarray(0, compressedKeyBytes),
    ciphertext: bytes.subarray(compressedKeyBytes),
    recipientPrivateKey,
  })
  if (plaintext.length !== credentialKeyBytes)
    throw new InvalidBundleError('malformed credential bundle', {
      details: `expected a ${credentialKeyBytes}-byte private key, got ${plaintext.length} bytes`,
    })
  return plaintext
}
