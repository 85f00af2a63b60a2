import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { HDKey } from '@scure/bip32'
import { entropyToMnemonic, mnemonicToSeedSync } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { describe, expect, test } from 'vitest'
import { bip39Passphrase, bip39Vectors } from './bip39.vectors.js'
import { InvalidWalletAccountError } from './InvalidWalletAccountError.js'
import { mnemonicToWalletSeed } from './mnemonicToWalletSeed.js'

describe('mnemonicToWalletSeed', () => {
  test('default', () => {
    const seed = mnemonicToWalletSeed({
      mnemonic: 'test test test test test test test test test test test junk',
    })
    expect(seed).toHaveLength(64)
    // Empty passphrase: the seed is not the "TREZOR" one.
    expect(bytesToHex(mnemonicToWalletSeed({ mnemonic: bip39Vectors[0].mnemonic }))).not.toBe(
      bip39Vectors[0].seed,
    )
  })

  test.each(bip39Vectors)(
    'behavior: BIP-39 vector $entropy (entropy → mnemonic → seed → root key)',
    (vector) => {
      expect(entropyToMnemonic(hexToBytes(vector.entropy), wordlist)).toBe(vector.mnemonic)
      const seed = mnemonicToWalletSeed({ mnemonic: vector.mnemonic, passphrase: bip39Passphrase })
      expect(bytesToHex(seed)).toBe(vector.seed)
      expect(HDKey.fromMasterSeed(seed).privateExtendedKey).toBe(vector.rootKey)
    },
  )

  test('behavior: a non-ASCII passphrase is NFKD-normalized as BIP-39 says (the seed @scure/bip39 gives)', () => {
    const mnemonic = bip39Vectors[0].mnemonic
    const composed = 'パスワード' // ド is one code point here, ト + a combining mark after NFKD
    const decomposed = composed.normalize('NFKD')
    expect(decomposed).not.toBe(composed)
    const seed = bytesToHex(mnemonicToWalletSeed({ mnemonic, passphrase: composed }))
    expect(seed).toBe(bytesToHex(mnemonicToSeedSync(mnemonic, composed)))
    expect(bytesToHex(mnemonicToWalletSeed({ mnemonic, passphrase: decomposed }))).toBe(seed)
  })

  test('error: invalid mnemonic, without echoing the words', () => {
    const mnemonic = 'secret words secret words secret words secret words secret words secret words'
    let caught: unknown
    try {
      mnemonicToWalletSeed({ mnemonic })
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(InvalidWalletAccountError)
    expect((caught as InvalidWalletAccountError).shortMessage).toBe('invalid mnemonic')
    expect((caught as Error).message).not.toContain('secret')
  })
})
