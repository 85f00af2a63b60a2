import { mnemonicToSeedSync } from '@scure/bip39'
import { InvalidWalletAccountError } from './InvalidWalletAccountError.js'
import { isValidMnemonic } from './isValidMnemonic.js'

export type MnemonicToWalletSeedParameters = {
  /** English BIP-39 mnemonic in canonical form (see {@link isValidMnemonic}). */
  mnemonic: string
  /** BIP-39 passphrase; wallets created by Sigil use none. @default '' */
  passphrase?: string | undefined
}

/** The 64-byte BIP-39 seed. */
export type MnemonicToWalletSeedReturnType = Uint8Array

/**
 * Validates a mnemonic and computes its 64-byte BIP-39 seed (PBKDF2-HMAC-SHA512, 2048 rounds, salt
 * `"mnemonic" + passphrase`). Takes about 15 ms, so derive a wallet's accounts from one seed rather
 * than recomputing it per account. Throws {@link InvalidWalletAccountError} for an invalid mnemonic;
 * the error never repeats the words.
 *
 * @example
 * const seed = mnemonicToWalletSeed({
 *   mnemonic: 'test test test test test test test test test test test junk',
 * })
 * seed.length // 64
 */
export function mnemonicToWalletSeed(
  parameters: MnemonicToWalletSeedParameters,
): MnemonicToWalletSeedReturnType {
  const { mnemonic, passphrase = '' } = parameters
  if (!isValidMnemonic(mnemonic))
    throw new InvalidWalletAccountError('invalid mnemonic', {
      details:
        'expected 12, 15, 18, 21 or 24 lowercase English BIP-39 words, single-spaced, with a valid checksum',
    })
  return mnemonicToSeedSync(mnemonic, passphrase)
}
