import { HDKey } from '@scure/bip32'
import { InvalidWalletAccountError } from './InvalidWalletAccountError.js'
import { parseDerivationPath } from './parseDerivationPath.js'

export type DeriveSecp256k1KeyParameters = {
  /** BIP-39 seed (16 to 64 bytes). */
  seed: Uint8Array
  /** BIP-32 path, e.g. `m/44'/60'/0'/0/0` (see {@link parseDerivationPath}). */
  path: string
}

/** The extended key at `path`: `privateKey`, `publicKey` (compressed), `chainCode`, `privateExtendedKey`. */
export type DeriveSecp256k1KeyReturnType = HDKey

/**
 * Derives the BIP-32 secp256k1 extended private key at `path` from a seed.
 *
 * @example
 * const key = deriveSecp256k1Key({ seed, path: "m/44'/60'/0'/0/0" })
 * key.privateKey // 32 bytes
 */
export function deriveSecp256k1Key(parameters: DeriveSecp256k1KeyParameters): DeriveSecp256k1KeyReturnType {
  const indices = parseDerivationPath(parameters.path)
  try {
    return indices.reduce((key, index) => key.deriveChild(index), HDKey.fromMasterSeed(parameters.seed))
  } catch (cause) {
    // BIP-32 gives up on an invalid child (probability below 2^-127) or on a bad seed length.
    throw new InvalidWalletAccountError('cannot derive key', { details: 'BIP-32 derivation failed', cause })
  }
}
