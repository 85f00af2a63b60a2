import { ed25519 } from '@noble/curves/ed25519.js'
import { base58Decode, hexToBytes } from '@sigil/protocol'
import { decryptExportBundle, generateP256KeyPair } from '@turnkey/crypto'
import { TurnkeySigner } from '@turnkey/ethers'
import { DEFAULT_ETHEREUM_ACCOUNTS, type TurnkeyApiClient } from '@turnkey/sdk-server'
import { createAccount } from '@turnkey/viem'
import { type Hex, hashMessage, recoverMessageAddress, serializeTransaction } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { unsupportedActivities, unsupportedQueries } from '../../src/kms/activities/unsupportedRoutes.js'
import type { TestServer } from '../../src/test/createTestServer.js'
import type { UserSubOrganization } from '../../src/test/createUserSubOrganization.js'
import { startTurnkeyTestbed, type TurnkeyTestbed } from './startTurnkeyTestbed.js'

/**
 * Issue 17: the activities and queries `@turnkey/sdk-server` 8.2 (its `Turnkey` class and
 * `apiClient()` with an API-key stamper) calls for wallets, accounts, signing and export, unmodified,
 * against Sigil over a real listener: each one Sigil serves answers as Turnkey does, each one it does
 * not is refused with a 400 naming it (docs/protocol.md#turnkey-api-coverage). Transactions:
 * turnkeyClientsEthereum.test.ts and turnkeyClientsSolana.test.ts.
 */

/**
 * `@turnkey/viem` and `@turnkey/ethers` type `client` with their own, older copies of `@turnkey/http`
 * and `@turnkey/sdk-server`; at run time they only call the client's methods (and tell an HTTP client
 * by its `name`), so the current clients are passed through these types.
 */
type ViemClient = Parameters<typeof createAccount>[0]['client']
type EthersClient = ConstructorParameters<typeof TurnkeySigner>[0]['client']

describe('@turnkey/sdk-server apiClient against Sigil', () => {
  let testbed: TurnkeyTestbed
  let server: TestServer
  let user: UserSubOrganization
  let api: TurnkeyApiClient

  beforeAll(async () => {
    testbed = await startTurnkeyTestbed({ email: 'kim@example.com', name: 'kim' })
    ;({ server, user, api } = testbed)
  })
  afterAll(async () => {
    await testbed?.close()
  })

  test('@turnkey/sdk-server getWhoami, getWallets, getWallet, getWalletAccounts, getWalletAccount', async () => {
    expect(await api.getWhoami()).toMatchObject({ organizationId: user.organizationId, userId: user.userId })
    const { wallets } = await api.getWallets()
    expect(wallets.map((wallet) => wallet.walletId)).toEqual([user.walletId])
    const { wallet } = await api.getWallet({ walletId: user.walletId })
    expect(wallet).toMatchObject({ walletId: user.walletId, walletName: 'Default wallet' })
    const { accounts } = await api.getWalletAccounts({ walletId: user.walletId })
    expect(accounts.map((account) => account.address)).toEqual([user.ethereumAddress, user.solanaAddress])
    const byAddress = await api.getWalletAccount({
      walletId: user.walletId,
      address: user.ethereumAddress.toLowerCase(),
    })
    expect(byAddress.account).toMatchObject({ address: user.ethereumAddress, path: "m/44'/60'/0'/0/0" })
    const byPath = await api.getWalletAccount({ walletId: user.walletId, path: "m/44'/501'/0'/0'" })
    expect(byPath.account).toMatchObject({ address: user.solanaAddress, curve: 'CURVE_ED25519' })
    await expect(api.getWalletAccount({ walletId: user.walletId, path: "m/44'/60'/9'/0/0" })).rejects.toThrow(
      /wallet account not found/,
    )
  })

  test('@turnkey/sdk-server createWallet and createWalletAccounts derive accounts the queries list', async () => {
    const created = await api.createWallet({ walletName: 'Second', accounts: DEFAULT_ETHEREUM_ACCOUNTS })
    expect(created.activity.status).toBe('ACTIVITY_STATUS_COMPLETED')
    expect(created.addresses).toHaveLength(1)
    const added = await api.createWalletAccounts({
      walletId: created.walletId,
      accounts: [{ ...DEFAULT_ETHEREUM_ACCOUNTS[0]!, path: "m/44'/60'/1'/0/0" }],
    })
    expect(added.addresses).toHaveLength(1)
    const { accounts } = await api.getWalletAccounts({
      walletId: created.walletId,
      includeWalletDetails: true,
    })
    expect(accounts.map((account) => account.address)).toEqual([...created.addresses, ...added.addresses])
    expect(accounts[0]?.walletDetails?.walletName).toBe('Second')
    const { account } = await api.getWalletAccount({ walletId: created.walletId, path: "m/44'/60'/1'/0/0" })
    expect(account.address).toBe(added.addresses[0])
  })

  test('@turnkey/sdk-server signRawPayload and signRawPayloads sign for the account', async () => {
    const messages = ['one', 'two']
    const single = await api.signRawPayload({
      signWith: user.ethereumAddress,
      payload: hashMessage(messages[0]!),
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_NO_OP',
    })
    const several = await api.signRawPayloads({
      signWith: user.ethereumAddress,
      payloads: messages.map((message) => hashMessage(message)),
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_NO_OP',
    })
    const recover = (message: string, { r, s, v }: { r: string; s: string; v: string }) =>
      recoverMessageAddress({
        message,
        signature: { r: `0x${r}` as Hex, s: `0x${s}` as Hex, yParity: Number.parseInt(v, 16) },
      })
    expect(await recover('one', single)).toBe(user.ethereumAddress)
    const signatures = several.signatures ?? []
    expect(signatures).toHaveLength(2)
    for (const [index, message] of messages.entries())
      expect(await recover(message, signatures[index]!)).toBe(user.ethereumAddress)
    const solana = await api.signRawPayload({
      signWith: user.solanaAddress,
      payload: '68656c6c6f',
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE',
    })
    const signature = hexToBytes(`${solana.r}${solana.s}`)
    const publicKey = base58Decode(user.solanaAddress)
    expect(ed25519.verify(signature, hexToBytes('68656c6c6f'), publicKey)).toBe(true)
  })

  test('@turnkey/sdk-server exportWallet and exportWalletAccount open with @turnkey/crypto', async () => {
    const target = generateP256KeyPair()
    const { exportBundle } = await api.exportWallet({
      walletId: user.walletId,
      targetPublicKey: target.publicKeyUncompressed,
    })
    const mnemonic = await decryptExportBundle({
      exportBundle,
      embeddedKey: target.privateKey,
      organizationId: user.organizationId,
      returnMnemonic: true,
      dangerouslyOverrideSignerPublicKey: server.app.sigil.exportSignerPublicKey,
    })
    expect(mnemonicToAccount(mnemonic).address).toBe(user.ethereumAddress)
    const accountTarget = generateP256KeyPair()
    const exported = await api.exportWalletAccount({
      address: user.ethereumAddress,
      targetPublicKey: accountTarget.publicKeyUncompressed,
    })
    expect(exported.address).toBe(user.ethereumAddress)
    const privateKey = await decryptExportBundle({
      exportBundle: exported.exportBundle,
      embeddedKey: accountTarget.privateKey,
      organizationId: user.organizationId,
      returnMnemonic: false,
      dangerouslyOverrideSignerPublicKey: server.app.sigil.exportSignerPublicKey,
    })
    expect(mnemonicToAccount(mnemonic).getHdKey().privateKey).toEqual(
      Uint8Array.from(Buffer.from(privateKey, 'hex')),
    )
  })

  test('@turnkey/sdk-server getActivity and getActivities find a signing activity', async () => {
    const { activity } = await api.signTransaction({
      signWith: user.ethereumAddress,
      unsignedTransaction: serializeTransaction({
        type: 'legacy',
        chainId: 31_337,
        nonce: 0,
        gasPrice: 1n,
        gas: 21_000n,
        to: user.ethereumAddress as Hex,
      }).slice(2),
      type: 'TRANSACTION_TYPE_ETHEREUM',
    })
    const fetched = await api.getActivity({ activityId: activity.id })
    expect(fetched.activity).toMatchObject({
      id: activity.id,
      type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
      status: 'ACTIVITY_STATUS_COMPLETED',
      intent: {
        signTransactionIntentV2: { signWith: user.ethereumAddress, type: 'TRANSACTION_TYPE_ETHEREUM' },
      },
    })
    expect(fetched.activity.result.signTransactionResult?.signedTransaction).toMatch(/^f8[0-9a-f]+$/)
    const { activities } = await api.getActivities({ filterByType: ['ACTIVITY_TYPE_SIGN_TRANSACTION_V2'] })
    expect(activities.map((listed) => listed.id)).toContain(activity.id)
  })

  test('error: @turnkey/sdk-server calls Sigil refuses name the route as unsupported', async () => {
    const target = generateP256KeyPair().publicKeyUncompressed
    const refused: [string, () => Promise<unknown>][] = [
      ['create_private_keys', () => api.createPrivateKeys({ privateKeys: [] })],
      ['delete_private_keys', () => api.deletePrivateKeys({ privateKeyIds: ['x'] })],
      ['export_private_key', () => api.exportPrivateKey({ privateKeyId: 'x', targetPublicKey: target })],
      ['update_wallet', () => api.updateWallet({ walletId: user.walletId, walletName: 'renamed' })],
      ['delete_wallets', () => api.deleteWallets({ walletIds: [user.walletId] })],
      ['delete_wallet_accounts', () => api.deleteWalletAccounts({ walletAccountIds: ['x'] } as never)],
      ['get_private_key', () => api.getPrivateKey({ privateKeyId: 'x' })],
      ['list_private_keys', () => api.getPrivateKeys()],
    ]
    for (const [route, call] of refused)
      await expect(call(), route).rejects.toThrow(
        new RegExp(`Turnkey error 3: unsupported (activity|query): /public/v1/(submit|query)/${route}:`),
      )
    // The wallet is still there after the refused delete.
    expect((await api.getWallet({ walletId: user.walletId })).wallet.walletId).toBe(user.walletId)
  })

  test('error: every refused route answers 400 { error, code } naming it, before any other check', async () => {
    const routes = [
      ...Object.keys(unsupportedActivities).map((name) => `/public/v1/submit/${name}`),
      ...Object.keys(unsupportedQueries).map((name) => `/public/v1/query/${name}`),
    ]
    expect(routes.length).toBeGreaterThan(15)
    for (const route of routes) {
      const response = await server.post(route, { organizationId: user.organizationId }, user.key)
      expect(response.status, route).toBe(400)
      const body = (await response.json()) as { error: string; code: number; details: unknown[] }
      expect(body.code).toBe(3)
      expect(body.error).toMatch(new RegExp(`^unsupported (activity|query): ${route}: .+`))
      expect(body.details).toEqual([
        expect.objectContaining({ turnkeyErrorCode: expect.stringMatching(/^UNSUPPORTED_/) }),
      ])
    }
    // A name no Turnkey client calls is still an unknown route.
    const unknown = await server.post('/public/v1/submit/no_such_thing', {}, user.key)
    expect(unknown.status).toBe(404)
    expect(((await unknown.json()) as { error: string }).error).toBe(
      'unknown activity: /public/v1/submit/no_such_thing',
    )
  })

  test('error: @turnkey/viem and @turnkey/ethers given a private key id say get_private_key is unsupported', async () => {
    await expect(
      createAccount({
        client: api as unknown as ViemClient,
        organizationId: user.organizationId,
        signWith: 'key-id',
      }),
    ).rejects.toThrow(/unsupported query: \/public\/v1\/query\/get_private_key/)
    const signer = new TurnkeySigner({
      client: api as unknown as EthersClient,
      organizationId: user.organizationId,
      signWith: 'key-id',
    })
    await expect(signer.getAddress()).rejects.toThrow(
      /unsupported query: \/public\/v1\/query\/get_private_key/,
    )
  })
})
