import { generateMnemonic as generateBip39Mnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { InvalidMnemonicLengthError } from './InvalidMnemonicLengthError.js'

/** The BIP-39 word counts a wallet may have (docs/protocol.md#wallets-and-derivation). */
export type MnemonicLength = 12 | 15 | 18 | 21 | 24

export type GenerateMnemonicReturnType = string

/** Entropy bits per word count: 32 bits of entropy for every 3 words. */
const entropyBits = { 12: 128, 15: 160, 18: 192, 21: 224, 24: 256 } as const satisfies Record<
  MnemonicLength,
  number
>

/**
 * Generates a new BIP-39 mnemonic from the English wordlist, with entropy from the platform CSPRNG
 * (`crypto.getRandomValues`, through @scure/bip39).
 *
 * @example
 * const mnemonic = generateMnemonic() // 12 words
 * const long = generateMnemonic(24)
 */
export function generateMnemonic(length: MnemonicLength = 12): GenerateMnemonicReturnType {
  if (!Object.hasOwn(entropyBits, length))
    throw new InvalidMnemonicLengthError('invalid mnemonic length', {
      details: `got ${String(length)}; use 12, 15, 18, 21 or 24`,
    })
  return generateBip39Mnemonic(wordlist, entropyBits[length])
}
