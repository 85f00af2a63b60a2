import { describe, expect, test } from 'vitest'
import { toWalletPlaintext } from './toWalletPlaintext.js'

const mnemonic = 'legal winner thank year wave sausage worth useful legal winner thank yellow'
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

describe('toWalletPlaintext', () => {
  test('default', () => {
    expect(decode(toWalletPlaintext(mnemonic))).toBe(mnemonic)
  })

  test('behavior: spaces, line breaks and capitals are normalised', () => {
    expect(
      decode(
        toWalletPlaintext(
          `  Legal winner\n thank   YEAR wave sausage worth useful legal winner thank yellow\n`,
        ),
      ),
    ).toBe(mnemonic)
  })

  test('behavior: a passphrase follows the mnemonic after --PASS--, untrimmed', () => {
    expect(decode(toWalletPlaintext(mnemonic, ' my pass '))).toBe(`${mnemonic}\n--PASS--\n my pass `)
    expect(decode(toWalletPlaintext(mnemonic, ''))).toBe(mnemonic)
  })

  test('behavior: a 24-word mnemonic', () => {
    const long = `${'abandon '.repeat(23)}art`
    expect(decode(toWalletPlaintext(long))).toBe(long)
  })

  test('error: empty, wrong word count, unknown words, bad checksum; no word is repeated', () => {
    expect(() => toWalletPlaintext('  ')).toThrow('enter a recovery phrase')
    expect(() => toWalletPlaintext(mnemonic.split(' ').slice(1).join(' '))).toThrow(
      'invalid recovery phrase: it has 11 words; a recovery phrase has 12, 15, 18, 21 or 24',
    )
    const misspelled = mnemonic.replace('sausage', 'sausagge').replace('worth', 'wurth')
    expect(() => toWalletPlaintext(misspelled)).toThrow(
      'invalid recovery phrase: 2 words are not in the BIP-39 English word list',
    )
    expect(() => toWalletPlaintext('abandon '.repeat(12))).toThrow(
      'invalid recovery phrase: its checksum does not match (a word is wrong or out of order)',
    )
    try {
      toWalletPlaintext(misspelled)
    } catch (error) {
      expect((error as Error).message).not.toMatch(/legal|winner|sausag|wurth/)
    }
  })
})
