import { hexToBytes } from '@noble/hashes/utils.js'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { deriveKeyAddress } from './deriveKeyAddress.js'
import { deriveWalletAccount } from './deriveWalletAccount.js'
import { InvalidWalletAccountError } from './InvalidWalletAccountError.js'

// anvil's first account.
const anvilKey = 'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const secp256k1Order = 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141'
const mnemonic = 'test test test test test test test test test test test junk'

describe('deriveKeyAddress', () => {
  test('default', () => {
    expect(
      deriveKeyAddress({
        curve: 'CURVE_SECP256K1',
        privateKey: hexToBytes(anvilKey),
        addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
      }).address,
    ).toBe(privateKeyToAccount(`0x${anvilKey}`).address)
  })

  test('behavior: the same address and public key as the HD account whose key it is, in every format', () => {
    for (const [curve, path, formats] of [
      [
        'CURVE_SECP256K1',
        "m/44'/60'/0'/0/0",
        ['ADDRESS_FORMAT_ETHEREUM', 'ADDRESS_FORMAT_COMPRESSED', 'ADDRESS_FORMAT_UNCOMPRESSED'],
      ],
      ['CURVE_ED25519', "m/44'/501'/0'/0'", ['ADDRESS_FORMAT_SOLANA', 'ADDRESS_FORMAT_COMPRESSED']],
    ] as const)
      for (const addressFormat of formats) {
        const account = deriveWalletAccount({ mnemonic, curve, path, addressFormat })
        expect(deriveKeyAddress({ curve, privateKey: account.privateKey, addressFormat })).toEqual({
          address: account.address,
          publicKey: account.publicKey,
        })
      }
  })

  test('error: zero, the group order, a wrong length, a format of the other curve', () => {
    const refused = [
      ['CURVE_SECP256K1', new Uint8Array(32), 'ADDRESS_FORMAT_ETHEREUM'],
      ['CURVE_ED25519', new Uint8Array(32), 'ADDRESS_FORMAT_SOLANA'],
      ['CURVE_SECP256K1', hexToBytes(secp256k1Order), 'ADDRESS_FORMAT_ETHEREUM'],
      ['CURVE_SECP256K1', new Uint8Array(31).fill(1), 'ADDRESS_FORMAT_ETHEREUM'],
      ['CURVE_ED25519', new Uint8Array(64).fill(1), 'ADDRESS_FORMAT_SOLANA'],
      ['CURVE_SECP256K1', hexToBytes(anvilKey), 'ADDRESS_FORMAT_SOLANA'],
      ['CURVE_ED25519', hexToBytes(anvilKey), 'ADDRESS_FORMAT_ETHEREUM'],
    ] as const
    for (const [curve, privateKey, addressFormat] of refused)
      expect(() => deriveKeyAddress({ curve, privateKey, addressFormat })).toThrow(InvalidWalletAccountError)
  })
})
