import { validateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'

/**
 * Whether `mnemonic` is a valid English BIP-39 mnemonic in canonical form: 12, 15, 18, 21 or 24
 * lowercase wordlist words separated by single spaces, with a correct checksum. Non-canonical input
 * (capitals, extra spaces) is rejected rather than repaired, because the seed is computed from the
 * exact text and a repaired phrase would open a different wallet than the one the user typed.
 *
 * @example
 * isValidMnemonic('test test test test test test test test test test test junk') // true
 * isValidMnemonic('test test test test test test test test test test test test') // false (checksum)
 */
export function isValidMnemonic(mnemonic: string): boolean {
  if (typeof mnemonic !== 'string') return false
  return validateMnemonic(mnemonic, wordlist)
}
