import { ed25519 } from '@noble/curves/ed25519.js'
import { base58Decode, bytesToHex } from '@sigil/protocol'
import { ApiKeyStamper } from '@turnkey/api-key-stamper'
import { decryptExportBundle, generateP256KeyPair } from '@turnkey/crypto'
import {
  createActivityPoller,
  getSignatureFromActivity,
  type TActivity,
  TurnkeyClient,
  TurnkeyRequestError,
} from '@turnkey/http'
import {
  getTypesForEIP712Domain,
  type Hex,
  hashMessage,
  recoverMessageAddress,
  serializeTypedData,
  type TypedDataDefinition,
  verifyTypedData,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { mail } from '../kms/signing/typedData.vectors.js'
import { storeDialects } from '../store/test/storeDialects.js'
import { createTestServer, type TestServer } from './createTestServer.js'
import { type LocalListener, serveOnLocalPort } from './serveOnLocalPort.js'

/**
 * The published `@turnkey/http` client with `@turnkey/api-key-stamper`, unmodified, against Sigil on
 * a real TCP listener: what a Turnkey integrator's backend does when pointed at Sigil.
 */

const ethereumPath = "m/44'/60'/0'/0/0"
const solanaPath = "m/44'/501'/0'/0'"

const clientFor = (baseUrl: string, key: { publicKey: string; privateKey: string }) =>
  new TurnkeyClient(
    { baseUrl },
    new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }),
  )

describe.each(storeDialects)('@turnkey/http TurnkeyClient against a listener on %s', (dialect) => {
  let server: TestServer
  let listener: LocalListener
  let userKey: ReturnType<typeof generateP256KeyPair>
  let created: TActivity
  let user: TurnkeyClient
  let organizationId: string
  let walletId: string
  let ethereumAddress: string
  let solanaAddress: string

  beforeAll(async () => {
    server = await createTestServer(dialect)
    listener = await serveOnLocalPort(server.app)
    const root = clientFor(listener.url, server.rootKey)
    userKey = generateP256KeyPair()
    const createSubOrganization = createActivityPoller({
      client: root,
      requestFn: root.createSubOrganization,
    })
    created = await createSubOrganization({
      type: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
      timestampMs: String(Date.now()),
      organizationId: server.rootOrganizationId,
      parameters: {
        subOrganizationName: 'Ada',
        rootUsers: [
          {
            userName: 'ada',
            userEmail: 'ada@example.com',
            apiKeys: [
              { apiKeyName: 'ada key', publicKey: userKey.publicKey, curveType: 'API_KEY_CURVE_P256' },
            ],
            authenticators: [],
            oauthProviders: [],
          },
        ],
        rootQuorumThreshold: 1,
        wallet: {
          walletName: 'Main',
          accounts: [
            {
              curve: 'CURVE_SECP256K1',
              pathFormat: 'PATH_FORMAT_BIP32',
              path: ethereumPath,
              addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
            },
            {
              curve: 'CURVE_ED25519',
              pathFormat: 'PATH_FORMAT_BIP32',
              path: solanaPath,
              addressFormat: 'ADDRESS_FORMAT_SOLANA',
            },
          ],
        },
      },
    })
    const result = created.result.createSubOrganizationResultV8!
    organizationId = result.subOrganizationId
    walletId = result.wallet!.walletId
    ;[ethereumAddress, solanaAddress] = result.wallet!.addresses as [string, string]
    user = clientFor(listener.url, userKey)
  })
  afterAll(async () => {
    await listener?.close()
    await server?.cleanup()
  })

  test('default: createSubOrganization completes with the user, a wallet and its two addresses', () => {
    expect(created).toMatchObject({
      status: 'ACTIVITY_STATUS_COMPLETED',
      type: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
      organizationId: server.rootOrganizationId,
    })
    expect(created.result.createSubOrganizationResultV8?.rootUserIds).toHaveLength(1)
    expect(ethereumAddress).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(base58Decode(solanaAddress)).toHaveLength(32)
  })

  test("behavior: getWhoami with the user's key names the sub-organization and user", async () => {
    const whoami = await user.getWhoami({ organizationId })
    expect(whoami).toEqual({
      organizationId,
      organizationName: 'Ada',
      userId: created.result.createSubOrganizationResultV8?.rootUserIds?.[0],
      username: 'ada',
    })
    // A sub-organization user may name the parent organization; the answer is still their own.
    expect(await user.getWhoami({ organizationId: server.rootOrganizationId })).toEqual(whoami)
  })

  test('behavior: getWallets and getWalletAccounts list the wallet and both accounts', async () => {
    const { wallets } = await user.getWallets({ organizationId })
    expect(wallets).toEqual([expect.objectContaining({ walletId, walletName: 'Main', exported: false })])
    const { accounts } = await user.getWalletAccounts({ organizationId, walletId })
    expect(accounts.map(({ path, address, addressFormat }) => ({ path, address, addressFormat }))).toEqual([
      { path: ethereumPath, address: ethereumAddress, addressFormat: 'ADDRESS_FORMAT_ETHEREUM' },
      { path: solanaPath, address: solanaAddress, addressFormat: 'ADDRESS_FORMAT_SOLANA' },
    ])
  })

  test('behavior: signRawPayload signs an EIP-191 digest that recovers to the Ethereum address', async () => {
    const message = 'Sigil speaks Turnkey'
    const signRawPayload = createActivityPoller({ client: user, requestFn: user.signRawPayload })
    const activity = await signRawPayload({
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      timestampMs: String(Date.now()),
      organizationId,
      parameters: {
        signWith: ethereumAddress,
        payload: hashMessage(message),
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      },
    })
    expect(activity.status).toBe('ACTIVITY_STATUS_COMPLETED')
    const { r, s, v } = getSignatureFromActivity(activity)
    const signature = { r: `0x${r}` as Hex, s: `0x${s}` as Hex, yParity: Number(BigInt(`0x${v}`)) }
    expect(await recoverMessageAddress({ message, signature })).toBe(ethereumAddress)
  })

  test('behavior: signRawPayload with EIP712 encoding signs typed data viem verifies', async () => {
    const { activity } = await user.signRawPayload({
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      timestampMs: String(Date.now()),
      organizationId,
      parameters: {
        signWith: ethereumAddress,
        // As viem's `signTypedData` hands it to a custom account (Turnkey's viem account): with the
        // EIP712Domain type filled in, which `serializeTypedData` needs to keep the domain.
        payload: serializeTypedData({
          ...mail,
          types: { EIP712Domain: getTypesForEIP712Domain({ domain: mail.domain }), ...mail.types },
        } as TypedDataDefinition),
        encoding: 'PAYLOAD_ENCODING_EIP712',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      },
    })
    expect(activity.status).toBe('ACTIVITY_STATUS_COMPLETED')
    const { r, s, v } = getSignatureFromActivity(activity)
    const signature = { r: `0x${r}` as Hex, s: `0x${s}` as Hex, yParity: Number(BigInt(`0x${v}`)) }
    expect(await verifyTypedData({ ...mail, address: ethereumAddress as Hex, signature })).toBe(true)
    const other = { ...mail, message: { ...mail.message, contents: 'Hello, Eve!' } }
    expect(await verifyTypedData({ ...other, address: ethereumAddress as Hex, signature })).toBe(false)
  })

  test('behavior: exportWallet opens with decryptExportBundle to the mnemonic of the account', async () => {
    const target = generateP256KeyPair()
    const { activity } = await user.exportWallet({
      type: 'ACTIVITY_TYPE_EXPORT_WALLET',
      timestampMs: String(Date.now()),
      organizationId,
      parameters: { walletId, targetPublicKey: target.publicKeyUncompressed },
    })
    expect(activity.status).toBe('ACTIVITY_STATUS_COMPLETED')
    expect(activity.result.exportWalletResult?.walletId).toBe(walletId)
    const mnemonic = await decryptExportBundle({
      exportBundle: activity.result.exportWalletResult!.exportBundle,
      embeddedKey: target.privateKey,
      organizationId,
      returnMnemonic: true,
      dangerouslyOverrideSignerPublicKey: server.app.sigil.exportSignerPublicKey,
    })
    expect(mnemonic.split(' ')).toHaveLength(12)
    expect(mnemonicToAccount(mnemonic).address).toBe(ethereumAddress)
  })

  test('behavior: exportWalletAccount in SOLANA format decodes to the keypair of the address', async () => {
    const target = generateP256KeyPair()
    const { activity } = await user.exportWalletAccount({
      type: 'ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT',
      timestampMs: String(Date.now()),
      organizationId,
      parameters: { address: solanaAddress, targetPublicKey: target.publicKeyUncompressed },
    })
    expect(activity.result.exportWalletAccountResult?.address).toBe(solanaAddress)
    const keypair = base58Decode(
      await decryptExportBundle({
        exportBundle: activity.result.exportWalletAccountResult!.exportBundle,
        embeddedKey: target.privateKey,
        organizationId,
        keyFormat: 'SOLANA',
        returnMnemonic: false,
        dangerouslyOverrideSignerPublicKey: server.app.sigil.exportSignerPublicKey,
      }),
    )
    expect(keypair).toHaveLength(64)
    const [secret, publicKey] = [keypair.slice(0, 32), keypair.slice(32)]
    expect(bytesToHex(publicKey)).toBe(bytesToHex(base58Decode(solanaAddress)))
    expect(bytesToHex(ed25519.getPublicKey(secret))).toBe(bytesToHex(publicKey))
  })

  test('error: a bundle for another organization is refused by decryptExportBundle', async () => {
    const target = generateP256KeyPair()
    const { activity } = await user.exportWalletAccount({
      type: 'ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT',
      timestampMs: String(Date.now()),
      organizationId,
      parameters: { address: ethereumAddress, targetPublicKey: target.publicKeyUncompressed },
    })
    await expect(
      decryptExportBundle({
        exportBundle: activity.result.exportWalletAccountResult!.exportBundle,
        embeddedKey: target.privateKey,
        organizationId: server.rootOrganizationId,
        returnMnemonic: false,
        dangerouslyOverrideSignerPublicKey: server.app.sigil.exportSignerPublicKey,
      }),
    ).rejects.toThrow()
  })

  test('error: an unknown API key gets TurnkeyRequestError code 16', async () => {
    const stranger = clientFor(listener.url, generateP256KeyPair())
    const error = await stranger
      .getWhoami({ organizationId: server.rootOrganizationId })
      .catch((caught) => caught)
    expect(error).toBeInstanceOf(TurnkeyRequestError)
    expect((error as TurnkeyRequestError).code).toBe(16)
    expect((error as Error).message).toMatch(/^Turnkey error 16: /)
  })
})
