/** What separates a mnemonic from its BIP-39 passphrase in an imported wallet's plaintext. */
export const passphraseSeparator = '\n--PASS--\n'

export type ParseWalletSecretReturnType = { mnemonic: string; passphrase: string }

/**
 * Splits a wallet's secret, as `import_wallet` receives it and the vault keeps it, into the mnemonic
 * and the BIP-39 passphrase (docs/protocol.md#importing-wallets-and-keys): `mnemonic` alone, or
 * `mnemonic + "\n--PASS--\n" + passphrase`. Wallets Sigil creates have no passphrase. Checks nothing:
 * validate the mnemonic with `isValidMnemonic`.
 *
 * @example
 * parseWalletSecret('test test … junk\n--PASS--\nsecret') // { mnemonic: 'test test … junk', passphrase: 'secret' }
 */
export function parseWalletSecret(secret: string): ParseWalletSecretReturnType {
  const at = secret.indexOf(passphraseSeparator)
  if (at === -1) return { mnemonic: secret, passphrase: '' }
  return { mnemonic: secret.slice(0, at), passphrase: secret.slice(at + passphraseSeparator.length) }
}
