import { hexToBytes } from '../encoding/hexToBytes.js'
import { InvalidBundleError } from '../errors/InvalidBundleError.js'

export type ParseEncryptedBundleReturnType = {
  /** The client's ephemeral HPKE key `enc`, as sent (uncompressed, 65 bytes). */
  encappedPublic: Uint8Array
  /** AES-256-GCM output with the 16-byte tag appended. */
  ciphertext: Uint8Array
}

/**
 * Reads the `encryptedBundle` of `import_wallet` and `import_private_key`
 * (docs/protocol.md#importing-wallets-and-keys): a JSON string
 * `{"encappedPublic":"<hex uncompressed>","ciphertext":"<hex>"}`, as `@turnkey/crypto`'s
 * `encryptWalletToBundle` and `encryptPrivateKeyToBundle` write it. Throws `InvalidBundleError` for
 * anything else. It does not open the ciphertext: `hpkeOpen` with the import target key does.
 *
 * @example
 * const { encappedPublic, ciphertext } = parseEncryptedBundle(parameters.encryptedBundle)
 */
export function parseEncryptedBundle(encryptedBundle: string): ParseEncryptedBundleReturnType {
  let parsed: unknown
  try {
    parsed = JSON.parse(encryptedBundle)
  } catch (cause) {
    throw new InvalidBundleError('malformed encrypted bundle', { details: 'not JSON', cause })
  }
  const { encappedPublic, ciphertext } = (parsed ?? {}) as Record<string, unknown>
  if (typeof encappedPublic !== 'string' || !/^04[0-9a-fA-F]{128}$/.test(encappedPublic))
    throw new InvalidBundleError('malformed encrypted bundle', {
      details: 'encappedPublic must be the hex of an uncompressed P-256 key (04…, 130 characters)',
    })
  // The AES-GCM tag alone is 16 bytes; anything shorter never opens.
  if (typeof ciphertext !== 'string' || !/^([0-9a-fA-F]{2}){17,}$/.test(ciphertext))
    throw new InvalidBundleError('malformed encrypted bundle', {
      details: 'ciphertext must be hex of at least 17 bytes',
    })
  return { encappedPublic: hexToBytes(encappedPublic), ciphertext: hexToBytes(ciphertext) }
}
