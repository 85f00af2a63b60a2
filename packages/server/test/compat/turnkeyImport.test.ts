import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { base58Decode, base58Encode, bytesToHex, hexToBytes } from '@sigil/protocol'
import {
  decryptExportBundle,
  encryptPrivateKeyToBundle,
  encryptWalletToBundle,
  generateP256KeyPair,
} from '@turnkey/crypto'
import {
  DEFAULT_ETHEREUM_ACCOUNTS,
  DEFAULT_SOLANA_ACCOUNTS,
  type TurnkeyApiClient,
} from '@turnkey/sdk-server'
import {
  type Hex,
  hashMessage,
  parseTransaction,
  recoverAddress,
  recoverTransactionAddress,
  serializeTransaction,
} from 'viem'
import {
  english,
  generateMnemonic,
  generatePrivateKey,
  mnemonicToAccount,
  privateKeyToAccount,
} from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { TestServer } from '../../src/test/createTestServer.js'
import type { UserSubOrganization } from '../../src/test/createUserSubOrganization.js'
import { startTurnkeyTestbed, type TurnkeyTestbed } from './startTurnkeyTestbed.js'

/**
 * Issue 32 part 4: wallet and private-key import as Turnkey's clients do it, unmodified: `@turnkey/sdk-server`'s
 * `initImportWallet` / `importWallet` / `initImportPrivateKey` / `importPrivateKey` over a real listener,
 * the secret sealed by `@turnkey/crypto`'s `encryptWalletToBundle` / `encryptPrivateKeyToBundle`, which
 * check Sigil's signed import bundle (docs/protocol.md#importing-wallets-and-keys). Each imported key then
 * signs, and viem agrees on its address. Attacks: test/security/importKeys.test.ts.
 */
describe('@turnkey/sdk-server wallet and key import against Sigil', () => {
  let testbed: TurnkeyTestbed
  let server: TestServer
  let user: UserSubOrganization
  let api: TurnkeyApiClient

  beforeAll(async () => {
    testbed = await startTurnkeyTestbed({ email: 'imogen@example.com', name: 'imogen' })
    ;({ server, user, api } = testbed)
  })
  afterAll(async () => {
    await testbed?.close()
  })

  const signer = () => server.app.sigil.exportSignerPublicKey

  async function importWallet(mnemonic: string, walletName: string, accounts = DEFAULT_ETHEREUM_ACCOUNTS) {
    const { importBundle } = await api.initImportWallet({ userId: user.userId })
    const encryptedBundle = await encryptWalletToBundle({
      mnemonic,
      importBundle,
      userId: user.userId,
      organizationId: user.organizationId,
      dangerouslyOverrideSignerPublicKey: signer(),
    })
    return api.importWallet({ userId: user.userId, walletName, encryptedBundle, accounts })
  }

  async function importKey(
    privateKey: string,
    keyFormat: 'HEXADECIMAL' | 'SOLANA',
    curve: 'CURVE_SECP256K1' | 'CURVE_ED25519',
    addressFormats: ('ADDRESS_FORMAT_ETHEREUM' | 'ADDRESS_FORMAT_SOLANA' | 'ADDRESS_FORMAT_COMPRESSED')[],
  ) {
    const { importBundle } = await api.initImportPrivateKey({ userId: user.userId })
    const encryptedBundle = await encryptPrivateKeyToBundle({
      privateKey,
      keyFormat,
      importBundle,
      userId: user.userId,
      organizationId: user.organizationId,
      dangerouslyOverrideSignerPublicKey: signer(),
    })
    return api.importPrivateKey({
      userId: user.userId,
      privateKeyName: 'imported key',
      encryptedBundle,
      curve,
      addressFormats,
    })
  }

  test('default: importWallet, then the imported wallet signs as mnemonicToAccount says', async () => {
    const mnemonic = generateMnemonic(english)
    const { walletId, addresses } = await importWallet(mnemonic, 'Imported')
    const expected = mnemonicToAccount(mnemonic).address
    expect(addresses).toEqual([expected])
    const hash = hashMessage('imported')
    const { r, s, v } = await api.signRawPayload({
      signWith: expected,
      payload: hash,
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_NO_OP',
    })
    expect(await recoverAddress({ hash, signature: `0x${r}${s}${v === '00' ? '1b' : '1c'}` })).toBe(expected)
    const { wallet } = await api.getWallet({ walletId })
    expect(wallet).toMatchObject({ walletId, walletName: 'Imported', imported: true, exported: false })
    // The wallet Sigil made for the user is not imported.
    expect((await api.getWallet({ walletId: user.walletId })).wallet.imported).toBe(false)
    // The phrase comes back whole through export_wallet.
    const target = generateP256KeyPair()
    const { exportBundle } = await api.exportWallet({
      walletId,
      targetPublicKey: target.publicKeyUncompressed,
    })
    expect(
      await decryptExportBundle({
        exportBundle,
        embeddedKey: target.privateKey,
        organizationId: user.organizationId,
        returnMnemonic: true,
        dangerouslyOverrideSignerPublicKey: signer(),
      }),
    ).toBe(mnemonic)
  })

  test('behavior: a 24-word phrase with a passphrase, Ethereum and Solana accounts, more accounts later', async () => {
    const mnemonic = generateMnemonic(english, 256)
    const passphrase = 'correct horse'
    const { walletId, addresses } = await importWallet(
      `${mnemonic}\n--PASS--\n${passphrase}`,
      'With passphrase',
      [...DEFAULT_ETHEREUM_ACCOUNTS, ...DEFAULT_SOLANA_ACCOUNTS],
    )
    const withPassphrase = mnemonicToAccount(mnemonic, { passphrase })
    expect(addresses[0]).toBe(withPassphrase.address)
    expect(addresses[0]).not.toBe(mnemonicToAccount(mnemonic).address)
    expect(addresses[1]).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    // create_wallet_accounts derives further accounts with the same passphrase.
    const more = await api.createWalletAccounts({
      walletId,
      accounts: [{ ...DEFAULT_ETHEREUM_ACCOUNTS[0]!, path: "m/44'/60'/0'/0/1" }],
    })
    expect(more.addresses).toEqual([mnemonicToAccount(mnemonic, { passphrase, addressIndex: 1 }).address])
    const { wallet } = await api.getWallet({ walletId })
    expect(wallet.imported).toBe(true)
  })

  test('default: importPrivateKey, then the key signs a transaction as privateKeyToAccount says', async () => {
    const privateKey = generatePrivateKey().slice(2)
    const account = privateKeyToAccount(`0x${privateKey}`)
    const compressed = bytesToHex(secp256k1.getPublicKey(hexToBytes(privateKey), true))
    const { privateKeyId, addresses } = await importKey(`0x${privateKey}`, 'HEXADECIMAL', 'CURVE_SECP256K1', [
      'ADDRESS_FORMAT_ETHEREUM',
      'ADDRESS_FORMAT_COMPRESSED',
    ])
    expect(addresses).toEqual([
      { format: 'ADDRESS_FORMAT_ETHEREUM', address: account.address },
      { format: 'ADDRESS_FORMAT_COMPRESSED', address: compressed },
    ])
    const unsigned = serializeTransaction({
      type: 'eip1559',
      chainId: 31_337,
      nonce: 0,
      gas: 21_000n,
      maxFeePerGas: 2n,
      maxPriorityFeePerGas: 1n,
      to: account.address,
      value: 1n,
    })
    const { signedTransaction } = await api.signTransaction({
      signWith: account.address,
      unsignedTransaction: unsigned.slice(2),
      type: 'TRANSACTION_TYPE_ETHEREUM',
    })
    const signed = `0x${signedTransaction}` as Hex
    expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(account.address)
    expect(signed).toBe(await account.signTransaction(parseTransaction(unsigned) as never))
    // The key is a wallet of one key: listed, imported, its accounts the requested formats, no path.
    const { wallet } = await api.getWallet({ walletId: privateKeyId })
    expect(wallet).toMatchObject({ walletName: 'imported key', imported: true })
    const { accounts } = await api.getWalletAccounts({ walletId: privateKeyId })
    expect(accounts.map((row) => [row.address, row.path])).toEqual([
      [account.address, ''],
      [compressed, ''],
    ])
    // The raw key comes back through export_wallet_account; export_wallet has no mnemonic to give.
    const target = generateP256KeyPair()
    const exported = await api.exportWalletAccount({
      address: account.address,
      targetPublicKey: target.publicKeyUncompressed,
    })
    expect(
      await decryptExportBundle({
        exportBundle: exported.exportBundle,
        embeddedKey: target.privateKey,
        organizationId: user.organizationId,
        returnMnemonic: false,
        dangerouslyOverrideSignerPublicKey: signer(),
      }),
    ).toBe(privateKey)
    await expect(
      api.exportWallet({ walletId: privateKeyId, targetPublicKey: target.publicKeyUncompressed }),
    ).rejects.toThrow(/is an imported private key: it has no mnemonic/)
    await expect(
      api.createWalletAccounts({ walletId: privateKeyId, accounts: DEFAULT_ETHEREUM_ACCOUNTS }),
    ).rejects.toThrow(/is an imported private key: it has no HD accounts/)
  })

  test('behavior: a Solana key in keyFormat SOLANA (private key ‖ public key, base58) signs for its address', async () => {
    const secret = ed25519.utils.randomSecretKey()
    const publicKey = ed25519.getPublicKey(secret)
    const keypair = base58Encode(new Uint8Array([...secret, ...publicKey]))
    const { addresses } = await importKey(keypair, 'SOLANA', 'CURVE_ED25519', ['ADDRESS_FORMAT_SOLANA'])
    const address = base58Encode(publicKey)
    expect(addresses).toEqual([{ format: 'ADDRESS_FORMAT_SOLANA', address }])
    const { r, s } = await api.signRawPayload({
      signWith: address,
      payload: '68656c6c6f',
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE',
    })
    expect(ed25519.verify(hexToBytes(`${r}${s}`), hexToBytes('68656c6c6f'), base58Decode(address))).toBe(true)
  })

  test('behavior: getActivity shows the import activities with their Turnkey intent and result keys', async () => {
    const { activities } = await api.getActivities({
      filterByType: ['ACTIVITY_TYPE_INIT_IMPORT_WALLET', 'ACTIVITY_TYPE_IMPORT_WALLET'],
    })
    const init = activities.find((activity) => activity.type === 'ACTIVITY_TYPE_INIT_IMPORT_WALLET')
    expect(init).toMatchObject({
      status: 'ACTIVITY_STATUS_COMPLETED',
      intent: { initImportWalletIntent: { userId: user.userId } },
    })
    expect(JSON.parse(init!.result.initImportWalletResult!.importBundle)).toMatchObject({ version: 'v1.0.0' })
    const imported = activities.find((activity) => activity.type === 'ACTIVITY_TYPE_IMPORT_WALLET')
    expect(imported?.result.importWalletResult?.walletId).toEqual(expect.any(String))
  })
})
