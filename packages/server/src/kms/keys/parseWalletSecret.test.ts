import { describe, expect, test } from 'vitest'
import { parseWalletSecret } from './parseWalletSecret.js'

const mnemonic = 'test test test test test test test test test test test junk'

describe('parseWalletSecret', () => {
  test('default', () => {
    expect(parseWalletSecret(mnemonic)).toEqual({ mnemonic, passphrase: '' })
  })

  test('behavior: a passphrase follows the --PASS-- line, and may itself hold the separator', () => {
    expect(parseWalletSecret(`${mnemonic}\n--PASS--\nhunter2`)).toEqual({ mnemonic, passphrase: 'hunter2' })
    expect(parseWalletSecret(`${mnemonic}\n--PASS--\na\n--PASS--\nb`)).toEqual({
      mnemonic,
      passphrase: 'a\n--PASS--\nb',
    })
    expect(parseWalletSecret(`${mnemonic}\n--PASS--\n`)).toEqual({ mnemonic, passphrase: '' })
  })
})
