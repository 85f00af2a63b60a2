import { validateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'

/** Between the mnemonic and the passphrase in a wallet import's plaintext (docs/protocol.md#import-frame). */
export const passphraseSeparator = '\n--PASS--\n'

const wordCounts = [12, 15, 18, 21, 24]
const englishWords = new Set(wordlist)

/**
 * The plaintext of a wallet import: the recovery phrase the user typed, its words joined by single
 * spaces and lower-cased, then `\n--PASS--\n` and the passphrase when there is one. The phrase must
 * be a BIP-39 English mnemonic (word count, words, checksum); each error names what is wrong without
 * repeating any word, since the message goes to the parent page.
 *
 * @example
 * toWalletPlaintext(' Abandon abandon … about ', '') // UTF-8 of 'abandon abandon … about'
 */
export function toWalletPlaintext(typed: string, passphrase = ''): Uint8Array {
  const words = typed.trim().toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) throw new Error('enter a recovery phrase')
  if (!wordCounts.includes(words.length))
    throw new Error(
      `invalid recovery phrase: it has ${words.length} words; a recovery phrase has 12, 15, 18, 21 or 24`,
    )
  const unknown = words.filter((word) => !englishWords.has(word)).length
  if (unknown > 0)
    throw new Error(
      `invalid recovery phrase: ${unknown === 1 ? '1 word is' : `${unknown} words are`} not in the BIP-39 English word list`,
    )
  const mnemonic = words.join(' ')
  if (!validateMnemonic(mnemonic, wordlist))
    throw new Error('invalid recovery phrase: its checksum does not match (a word is wrong or out of order)')
  return new TextEncoder().encode(
    passphrase === '' ? mnemonic : `${mnemonic}${passphraseSeparator}${passphrase}`,
  )
}
