import { secp256k1 } from '@noble/curves/secp256k1.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { base58 } from '@scure/base'
import type { AddressFormat, Curve } from '@sigil/protocol'
import { publicKeyToAddress } from 'viem/accounts'
import { deriveEd25519Key } from './deriveEd25519Key.js'
import { deriveSecp256k1Key } from './deriveSecp256k1Key.js'
import { InvalidWalletAccountError } from './InvalidWalletAccountError.js'
import { mnemonicToWalletSeed } from './mnemonicToWalletSeed.js'

/** The curves an HD wallet account can use here. */
export type WalletAccountCurve = Extract<Curve, 'CURVE_SECP256K1' | 'CURVE_ED25519'>

export type DeriveWalletAccountParameters = {
  /** The wallet's English BIP-39 mnemonic; the seed uses an empty passphrase. */
  mnemonic: string
  /**
   * The mnemonic's BIP-39 seed when the caller already has it: turning a mnemonic into a seed costs
   * ~1.6 ms (PBKDF2), so derive it once for many accounts with `mnemonicToWalletSeed`.
   */
  seed?: Uint8Array
  curve: WalletAccountCurve
  /** BIP-32 path, e.g. `m/44'/60'/0'/0/0`; fully hardened for ed25519, e.g. `m/44'/501'/0'/0'`. */
  path: string
  addressFormat: AddressFormat
}

export type DeriveWalletAccountReturnType = {
  /**
   * `ADDRESS_FORMAT_ETHEREUM`: EIP-55 `0x…`. `ADDRESS_FORMAT_SOLANA`: base58 public key.
   * `ADDRESS_FORMAT_COMPRESSED` / `_UNCOMPRESSED`: public key hex without `0x`.
   */
  address: string
  /** secp256k1: compressed SEC1 hex (33 bytes); ed25519: 32-byte hex. No `0x`. */
  publicKey: string
  /** secp256k1: the 32-byte scalar; ed25519: the 32-byte RFC 8032 seed. Secret: never log it. */
  privateKey: Uint8Array
}

/** Which address formats each curve can produce. */
const addressFormatsByCurve = {
  CURVE_SECP256K1: ['ADDRESS_FORMAT_ETHEREUM', 'ADDRESS_FORMAT_COMPRESSED', 'ADDRESS_FORMAT_UNCOMPRESSED'],
  // An ed25519 public key is already a compressed point (RFC 8032); there is no uncompressed form.
  CURVE_ED25519: ['ADDRESS_FORMAT_SOLANA', 'ADDRESS_FORMAT_COMPRESSED'],
} as const satisfies Record<WalletAccountCurve, readonly AddressFormat[]>

/**
 * Derives a wallet account's keys and address from the wallet's mnemonic: BIP-32 for secp256k1,
 * SLIP-10 for ed25519, both from the BIP-39 seed with an empty passphrase (docs/protocol.md#wallets-and-derivation), so an
 * exported mnemonic opens the same accounts in MetaMask or Phantom. Throws
 * {@link InvalidWalletAccountError} for an invalid mnemonic or path, or a curve and address format
 * that do not go together.
 *
 * @example
 * const { address, publicKey, privateKey } = deriveWalletAccount({
 *   mnemonic: 'test test test test test test test test test test test junk',
 *   curve: 'CURVE_SECP256K1',
 *   path: "m/44'/60'/0'/0/0",
 *   addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
 * })
 * // address === '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
 */
export function deriveWalletAccount(
  parameters: DeriveWalletAccountParameters,
): DeriveWalletAccountReturnType {
  const { mnemonic, curve, path, addressFormat } = parameters
  const formats: readonly AddressFormat[] | undefined = Object.hasOwn(addressFormatsByCurve, curve)
    ? addressFormatsByCurve[curve]
    : undefined
  if (!formats)
    throw new InvalidWalletAccountError('unsupported curve', {
      details: `${String(curve)} wallet accounts are not supported; use CURVE_SECP256K1 or CURVE_ED25519`,
    })
  if (!formats.includes(addressFormat))
    throw new InvalidWalletAccountError('address format does not match curve', {
      details: `${String(addressFormat)} cannot be used with ${curve}; use one of ${formats.join(', ')}`,
    })

  const seed = parameters.seed ?? mnemonicToWalletSeed({ mnemonic })
  try {
    if (curve === 'CURVE_ED25519') {
      const key = deriveEd25519Key({ seed, path })
      const publicKey = key.publicKeyRaw
      return {
        address: addressFormat === 'ADDRESS_FORMAT_SOLANA' ? base58.encode(publicKey) : bytesToHex(publicKey),
        publicKey: bytesToHex(publicKey),
        privateKey: key.privateKey,
      }
    }
    const key = deriveSecp256k1Key({ seed, path })
    const privateKey = key.privateKey!
    const compressed = bytesToHex(key.publicKey!)
    const uncompressed = bytesToHex(secp256k1.getPublicKey(privateKey, false))
    const address =
      addressFormat === 'ADDRESS_FORMAT_ETHEREUM'
        ? publicKeyToAddress(`0x${uncompressed}`)
        : addressFormat === 'ADDRESS_FORMAT_UNCOMPRESSED'
          ? uncompressed
          : compressed
    return { address, publicKey: compressed, privateKey }
  } finally {
    // Wipe only a seed made here; a caller's seed is the caller's to wipe.
    if (!parameters.seed) seed.fill(0)
  }
}
