import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { base58 } from '@scure/base'
import type { AddressFormat } from '@sigil/protocol'
import { publicKeyToAddress } from 'viem/accounts'
import type { WalletAccountCurve } from './deriveWalletAccount.js'
import { InvalidWalletAccountError } from './InvalidWalletAccountError.js'

export type DeriveKeyAddressParameters = {
  curve: WalletAccountCurve
  /** secp256k1: the 32-byte scalar; ed25519: the 32-byte RFC 8032 seed. */
  privateKey: Uint8Array
  addressFormat: AddressFormat
}

export type DeriveKeyAddressReturnType = {
  /** As `deriveWalletAccount` answers it: EIP-55, base58, or the public key hex. */
  address: string
  /** secp256k1: compressed SEC1 hex; ed25519: 32-byte hex. */
  publicKey: string
}

/**
 * The address and public key of a raw private key (an imported one), in the formats
 * `deriveWalletAccount` gives HD accounts. Throws {@link InvalidWalletAccountError} for a key that is
 * not one of the curve (secp256k1: 0 or at least the group order; either curve: not 32 bytes or all
 * zeros) or an address format the curve does not have.
 *
 * @example
 * deriveKeyAddress({ curve: 'CURVE_SECP256K1', privateKey, addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }).address // '0x…'
 */
export function deriveKeyAddress({
  curve,
  privateKey,
  addressFormat,
}: DeriveKeyAddressParameters): DeriveKeyAddressReturnType {
  if (privateKey.length !== 32)
    throw new InvalidWalletAccountError('invalid private key', {
      details: `expected 32 bytes, got ${privateKey.length}`,
    })
  if (privateKey.every((byte) => byte === 0))
    throw new InvalidWalletAccountError('invalid private key', { details: 'the key is zero' })
  if (curve === 'CURVE_ED25519') {
    if (addressFormat !== 'ADDRESS_FORMAT_SOLANA' && addressFormat !== 'ADDRESS_FORMAT_COMPRESSED')
      throw new InvalidWalletAccountError('address format does not match curve', {
        details: `${addressFormat} cannot be used with ${curve}; use ADDRESS_FORMAT_SOLANA or ADDRESS_FORMAT_COMPRESSED`,
      })
    const publicKey = ed25519.getPublicKey(privateKey)
    return {
      address: addressFormat === 'ADDRESS_FORMAT_SOLANA' ? base58.encode(publicKey) : bytesToHex(publicKey),
      publicKey: bytesToHex(publicKey),
    }
  }
  if (addressFormat === 'ADDRESS_FORMAT_SOLANA')
    throw new InvalidWalletAccountError('address format does not match curve', {
      details: `${addressFormat} cannot be used with ${curve}; use ADDRESS_FORMAT_ETHEREUM, ADDRESS_FORMAT_COMPRESSED or ADDRESS_FORMAT_UNCOMPRESSED`,
    })
  if (!secp256k1.utils.isValidSecretKey(privateKey))
    throw new InvalidWalletAccountError('invalid private key', {
      details: 'not a secp256k1 private key: it must be below the group order',
    })
  const compressed = bytesToHex(secp256k1.getPublicKey(privateKey, true))
  const uncompressed = bytesToHex(secp256k1.getPublicKey(privateKey, false))
  const address =
    addressFormat === 'ADDRESS_FORMAT_ETHEREUM'
      ? publicKeyToAddress(`0x${uncompressed}`)
      : addressFormat === 'ADDRESS_FORMAT_UNCOMPRESSED'
        ? uncompressed
        : compressed
  return { address, publicKey: compressed }
}
