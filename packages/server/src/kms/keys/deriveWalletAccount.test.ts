import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { base58 } from '@scure/base'
import { mnemonicToSeedSync } from '@scure/bip39'
import { HDKey as Slip10Key } from 'micro-key-producer/slip10.js'
import { getAddress } from 'viem'
import { publicKeyToAddress } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { type DeriveWalletAccountParameters, deriveWalletAccount } from './deriveWalletAccount.js'
import { InvalidWalletAccountError } from './InvalidWalletAccountError.js'
import { mnemonicToWalletSeed } from './mnemonicToWalletSeed.js'
import {
  abandonEthereumAccount,
  abandonMnemonic,
  abandonSolanaAccount,
  aptosWallet,
  hardhatAccounts,
  hardhatMnemonic,
} from './walletAccount.vectors.js'

const ethereum = { curve: 'CURVE_SECP256K1', addressFormat: 'ADDRESS_FORMAT_ETHEREUM' } as const
const solana = { curve: 'CURVE_ED25519', addressFormat: 'ADDRESS_FORMAT_SOLANA' } as const

function catchError(run: () => unknown): InvalidWalletAccountError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidWalletAccountError)
    return error as InvalidWalletAccountError
  }
  throw new Error('expected an error')
}

describe('deriveWalletAccount', () => {
  test('default', () => {
    const account = deriveWalletAccount({ mnemonic: hardhatMnemonic, path: "m/44'/60'/0'/0/0", ...ethereum })
    expect(account.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(bytesToHex(account.privateKey)).toBe(hardhatAccounts[0].privateKey)
    expect(account.publicKey).toBe(bytesToHex(secp256k1.getPublicKey(account.privateKey, true)))
    expect(account.publicKey).toMatch(/^0[23][0-9a-f]{64}$/)
  })

  test.each(hardhatAccounts)('behavior: Hardhat/Anvil account at $path', (expected) => {
    const account = deriveWalletAccount({ mnemonic: hardhatMnemonic, path: expected.path, ...ethereum })
    expect(account.address).toBe(expected.address)
    expect(account.address).toBe(getAddress(account.address.toLowerCase()))
    expect(bytesToHex(account.privateKey)).toBe(expected.privateKey)
  })

  test('behavior: MetaMask account 0 of the "abandon … about" phrase', () => {
    const account = deriveWalletAccount({
      mnemonic: abandonMnemonic,
      path: abandonEthereumAccount.path,
      ...ethereum,
    })
    expect(account.address).toBe(abandonEthereumAccount.address)
  })

  test('behavior: compressed and uncompressed formats give the public key hex', () => {
    const base = { mnemonic: hardhatMnemonic, curve: 'CURVE_SECP256K1', path: "m/44'/60'/0'/0/0" } as const
    const compressed = deriveWalletAccount({ ...base, addressFormat: 'ADDRESS_FORMAT_COMPRESSED' })
    const uncompressed = deriveWalletAccount({ ...base, addressFormat: 'ADDRESS_FORMAT_UNCOMPRESSED' })
    expect(compressed.address).toBe(compressed.publicKey)
    expect(uncompressed.publicKey).toBe(compressed.publicKey)
    expect(uncompressed.address).toMatch(/^04[0-9a-f]{128}$/)
    expect(uncompressed.address).toBe(secp256k1.Point.fromHex(compressed.publicKey).toHex(false))
    expect(publicKeyToAddress(`0x${uncompressed.address}`)).toBe(hardhatAccounts[0].address)
  })

  test('behavior: Phantom account 0 of the "abandon … about" phrase', () => {
    const account = deriveWalletAccount({
      mnemonic: abandonMnemonic,
      path: abandonSolanaAccount.path,
      ...solana,
    })
    expect(account.address).toBe(abandonSolanaAccount.address)
    expect(account.publicKey).toBe(bytesToHex(base58.decode(account.address)))
    expect(account.privateKey).toHaveLength(32)
  })

  test('behavior: Solana address agrees with a second derivation route', () => {
    const mnemonic = 'legal winner thank year wave sausage worth useful legal winner thank yellow'
    for (const path of ["m/44'/501'/0'/0'", "m/44'/501'/1'/0'", "m/44'/501'/7'"]) {
      const account = deriveWalletAccount({ mnemonic, path, ...solana })
      // micro-key-producer's own path parser, then @noble/curves for the public key.
      const key = Slip10Key.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(path)
      const publicKey = ed25519.getPublicKey(key.privateKey)
      expect(account.address).toBe(base58.encode(publicKey))
      expect(account.publicKey).toBe(bytesToHex(publicKey))
      expect(bytesToHex(account.privateKey)).toBe(bytesToHex(key.privateKey))
    }
  })

  test('behavior: ed25519 keys of the Aptos SDK wallet vector', () => {
    const account = deriveWalletAccount({ mnemonic: aptosWallet.mnemonic, path: aptosWallet.path, ...solana })
    expect(bytesToHex(account.privateKey)).toBe(aptosWallet.privateKey)
    expect(account.publicKey).toBe(aptosWallet.publicKey)
    expect(account.address).toBe(base58.encode(ed25519.getPublicKey(account.privateKey)))
  })

  test('behavior: ed25519 with the compressed format gives the 32-byte public key hex', () => {
    const account = deriveWalletAccount({
      mnemonic: aptosWallet.mnemonic,
      curve: 'CURVE_ED25519',
      path: aptosWallet.path,
      addressFormat: 'ADDRESS_FORMAT_COMPRESSED',
    })
    expect(account.address).toBe(aptosWallet.publicKey)
  })

  test.each([
    ['CURVE_ED25519', 'ADDRESS_FORMAT_ETHEREUM'],
    ['CURVE_ED25519', 'ADDRESS_FORMAT_UNCOMPRESSED'],
    ['CURVE_SECP256K1', 'ADDRESS_FORMAT_SOLANA'],
    ['CURVE_SECP256K1', 'ADDRESS_FORMAT_COSMOS'],
  ] as const)('error: %s with %s', (curve, addressFormat) => {
    const error = catchError(() =>
      deriveWalletAccount({
        mnemonic: hardhatMnemonic,
        curve,
        path: "m/44'/60'/0'/0'/0'",
        addressFormat: addressFormat as DeriveWalletAccountParameters['addressFormat'],
      }),
    )
    expect(error.shortMessage).toBe('address format does not match curve')
  })

  test('error: unsupported curve', () => {
    const error = catchError(() =>
      deriveWalletAccount({
        mnemonic: hardhatMnemonic,
        curve: 'CURVE_P256' as DeriveWalletAccountParameters['curve'],
        path: "m/44'/60'/0'/0/0",
        addressFormat: 'ADDRESS_FORMAT_COMPRESSED',
      }),
    )
    expect(error.shortMessage).toBe('unsupported curve')
  })

  test('error: invalid mnemonic, without echoing it', () => {
    const mnemonic = 'junk test test test test test test test test test test test'
    const error = catchError(() => deriveWalletAccount({ mnemonic, path: "m/44'/60'/0'/0/0", ...ethereum }))
    expect(error.shortMessage).toBe('invalid mnemonic')
    expect(error.message).not.toContain('junk')
  })

  test('error: bad path syntax', () => {
    const error = catchError(() =>
      deriveWalletAccount({ mnemonic: hardhatMnemonic, path: "m/44'/60'/0'/0/x", ...ethereum }),
    )
    expect(error.shortMessage).toBe('invalid derivation path')
  })

  test('error: a non-hardened ed25519 path', () => {
    const error = catchError(() =>
      deriveWalletAccount({ mnemonic: abandonMnemonic, path: "m/44'/501'/0'/0", ...solana }),
    )
    expect(error.shortMessage).toBe('ed25519 derivation path must be fully hardened')
  })
})

test('behavior: a seed passed in is used for every account and left intact', () => {
  const mnemonic = 'test test test test test test test test test test test junk'
  const seed = mnemonicToWalletSeed({ mnemonic })
  const copy = seed.slice()
  const first = deriveWalletAccount({
    mnemonic,
    seed,
    curve: 'CURVE_SECP256K1',
    path: "m/44'/60'/0'/0/0",
    addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
  })
  const second = deriveWalletAccount({
    mnemonic,
    seed,
    curve: 'CURVE_SECP256K1',
    path: "m/44'/60'/0'/0/1",
    addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
  })
  expect(first.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  expect(second.address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  expect(seed).toEqual(copy)
})
