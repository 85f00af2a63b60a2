import { mnemonicToEntropy } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { describe, expect, test } from 'vitest'
import { generateMnemonic, type MnemonicLength } from './generateMnemonic.js'
import { InvalidMnemonicLengthError } from './InvalidMnemonicLengthError.js'
import { isValidMnemonic } from './isValidMnemonic.js'

describe('generateMnemonic', () => {
  test('default', () => {
    const mnemonic = generateMnemonic()
    expect(mnemonic.split(' ')).toHaveLength(12)
    expect(isValidMnemonic(mnemonic)).toBe(true)
  })

  test.each([12, 15, 18, 21, 24] as const)(
    'behavior: %i words carry 32 bits of entropy per 3 words',
    (length) => {
      const mnemonic = generateMnemonic(length)
      expect(mnemonic.split(' ')).toHaveLength(length)
      expect(isValidMnemonic(mnemonic)).toBe(true)
      expect(mnemonicToEntropy(mnemonic, wordlist)).toHaveLength((length / 3) * 4)
    },
  )

  test('behavior: draws fresh entropy every call', () => {
    const mnemonics = new Set(Array.from({ length: 50 }, () => generateMnemonic()))
    expect(mnemonics.size).toBe(50)
  })

  test('error: a word count BIP-39 does not define', () => {
    expect(() => generateMnemonic(13 as MnemonicLength)).toThrow(InvalidMnemonicLengthError)
    expect(() => generateMnemonic(13 as MnemonicLength)).toThrow('invalid mnemonic length')
    expect(() => generateMnemonic('toString' as unknown as MnemonicLength)).toThrow(
      InvalidMnemonicLengthError,
    )
  })
})
