import { HDKey } from 'micro-key-producer/slip10.js'
import { InvalidWalletAccountError } from './InvalidWalletAccountError.js'
import { hardenedOffset, parseDerivationPath } from './parseDerivationPath.js'

export type DeriveEd25519KeyParameters = {
  /** BIP-39 seed (16 to 64 bytes). */
  seed: Uint8Array
  /** Fully hardened BIP-32 path, e.g. `m/44'/501'/0'/0'`. */
  path: string
}

/** The SLIP-10 key at `path`: `privateKey` (the 32-byte ed25519 seed), `publicKeyRaw`, `chainCode`. */
export type DeriveEd25519KeyReturnType = HDKey

/**
 * Derives the SLIP-10 ed25519 key at `path` from a seed. SLIP-10 defines only hardened children
 * for ed25519, so every level of the path must end in `'`.
 *
 * @example
 * const key = deriveEd25519Key({ seed, path: "m/44'/501'/0'/0'" })
 * key.publicKeyRaw // 32 bytes
 */
export function deriveEd25519Key(parameters: DeriveEd25519KeyParameters): DeriveEd25519KeyReturnType {
  const { seed, path } = parameters
  const indices = parseDerivationPath(path)
  const level = indices.findIndex((index) => index < hardenedOffset)
  if (level !== -1)
    throw new InvalidWalletAccountError('ed25519 derivation path must be fully hardened', {
      details:
        `level ${level + 1} of ${JSON.stringify(path)} is not hardened; SLIP-10 derives ed25519 keys only ` +
        `through hardened children (write ${indices[level]}')`,
    })
  try {
    return indices.reduce((key, index) => key.deriveChild(index), HDKey.fromMasterSeed(seed))
  } catch (cause) {
    throw new InvalidWalletAccountError('cannot derive key', { details: 'SLIP-10 derivation failed', cause })
  }
}
