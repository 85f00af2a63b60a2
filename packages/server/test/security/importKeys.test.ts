import { p256 } from '@noble/curves/nist.js'
import { validateMnemonic } from '@scure/bip39'
import { bytesToHex, hexToBytes, hpkeSeal } from '@sigil/protocol'
import { encryptPrivateKeyToBundle, encryptWalletToBundle } from '@turnkey/crypto'
import { DEFAULT_ETHEREUM_ACCOUNTS, Turnkey, type TurnkeyApiClient } from '@turnkey/sdk-server'
import { english, generateMnemonic, generatePrivateKey, mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLogger } from '../../src/log/createLogger.js'
import { storeDialects } from '../../src/store/test/storeDialects.js'
import { createTestServer, type TestKey, type TestServer } from '../../src/test/createTestServer.js'
import {
  createUserSubOrganization,
  type UserSubOrganization,
} from '../../src/test/createUserSubOrganization.js'
import { type LocalListener, serveOnLocalPort } from '../../src/test/serveOnLocalPort.js'
import { parseEnvelope } from '../../src/vault/parseEnvelope.js'

/*
 * Wallet and key import (issue 32 part 4; docs/protocol.md#importing-wallets-and-keys) under attack, with
 * the published `@turnkey/sdk-server` and `@turnkey/crypto` over a real listener, and raw stamped requests
 * where the exact answer matters. The attackers: another user of the same organization, another tenant,
 * the parent organization's key, whoever replays a bundle or seals one to another key, and a clock that
 * has moved on. A refused import never spends the user's import key, and no secret reaches the logs.
 */

const secp256k1Order = 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141'

describe.each(storeDialects)('wallet and key import on %s', (dialect) => {
  let server: TestServer
  let listener: LocalListener
  /** Every line the server logged, at debug level. */
  const logLines: string[] = []
  /** How far the server's clock runs ahead of the real one. */
  let clockOffsetMs = 0

  beforeAll(async () => {
    server = await createTestServer(dialect, {
      logger: createLogger({ level: 'debug', write: (line) => logLines.push(line) }),
      now: () => Date.now() + clockOffsetMs,
      // Requests stamped now stay fresh for a server two hours ahead.
      maxRequestAgeMs: 3 * 60 * 60 * 1000,
    })
    listener = await serveOnLocalPort(server.app)
  })
  afterAll(async () => {
    await listener?.close()
    await server?.cleanup()
  })

  const clientOf = (key: TestKey, organizationId: string): TurnkeyApiClient =>
    new Turnkey({
      apiBaseUrl: listener.url,
      apiPublicKey: key.publicKey,
      apiPrivateKey: key.privateKey,
      defaultOrganizationId: organizationId,
    }).apiClient()
  const signer = () => server.app.sigil.exportSignerPublicKey

  let users = 0
  const newUser = async () => {
    users++
    const user = await createUserSubOrganization(server, {
      email: `u${users}@example.com`,
      name: `u${users}`,
    })
    return { ...user, api: clientOf(user.key, user.organizationId) }
  }

  const sealWallet = (user: UserSubOrganization, importBundle: string, mnemonic: string) =>
    encryptWalletToBundle({
      mnemonic,
      importBundle,
      userId: user.userId,
      organizationId: user.organizationId,
      dangerouslyOverrideSignerPublicKey: signer(),
    })
  const sealKey = (user: UserSubOrganization, importBundle: string, privateKey: string) =>
    encryptPrivateKeyToBundle({
      privateKey,
      keyFormat: 'HEXADECIMAL',
      importBundle,
      userId: user.userId,
      organizationId: user.organizationId,
      dangerouslyOverrideSignerPublicKey: signer(),
    })

  /** Submits with the user's own key, `userId` the user's, and answers the HTTP status and body. */
  const submit = async (
    user: UserSubOrganization,
    name: 'import_wallet' | 'import_private_key' | 'init_import_wallet' | 'init_import_private_key',
    parameters: Record<string, unknown>,
    { key = user.key, organizationId = user.organizationId } = {},
  ) => {
    const type = `ACTIVITY_TYPE_${name.toUpperCase()}`
    const response = await server.submit(
      name,
      type,
      { userId: user.userId, ...parameters },
      { key, organizationId },
    )
    return {
      status: response.status,
      body: (await response.json()) as {
        error?: string
        code?: number
        details?: { turnkeyErrorCode?: string }[]
        activity?: { result: Record<string, Record<string, unknown>> }
      },
    }
  }
  const refusal = (status: number, turnkeyErrorCode: string, error: RegExp) => ({
    status,
    body: expect.objectContaining({
      error: expect.stringMatching(error),
      code: expect.any(Number),
      details: expect.arrayContaining([expect.objectContaining({ turnkeyErrorCode })]),
    }),
  })
  const walletImport = (encryptedBundle: string) => ({
    walletName: 'imported',
    encryptedBundle,
    accounts: DEFAULT_ETHEREUM_ACCOUNTS,
  })
  const keyImport = (encryptedBundle: string) => ({
    privateKeyName: 'imported key',
    encryptedBundle,
    curve: 'CURVE_SECP256K1' as const,
    addressFormats: ['ADDRESS_FORMAT_ETHEREUM' as const],
  })
  const countWallets = async (organizationId: string) =>
    (
      await server.store.db
        .selectFrom('wallets')
        .select('id')
        .where('organization_id', '=', organizationId)
        .execute()
    ).length

  test('default: the user imports a wallet; its import key is spent and sealed at rest', async () => {
    const user = await newUser()
    const mnemonic = generateMnemonic(english)
    const { importBundle } = await user.api.initImportWallet({ userId: user.userId })
    const [row] = await server.store.db
      .selectFrom('import_keys')
      .selectAll()
      .where('user_id', '=', user.userId)
      .execute()
    expect(row).toMatchObject({ organization_id: user.organizationId, kind: 'wallet', encapped_public: null })
    expect(Number(row!.expires_at) - Number(row!.created_at)).toBe(60 * 60 * 1000)
    // The bundle names the stored key; its private half is a vault envelope.
    const signed = JSON.parse(new TextDecoder().decode(hexToBytes(JSON.parse(importBundle).data)))
    expect(signed).toEqual({
      organizationId: user.organizationId,
      userId: user.userId,
      targetPublic: row!.public_key,
    })
    expect(parseEnvelope(row!.sealed_private_key!)).toMatchObject({ kid: expect.any(String) })
    const { addresses } = await user.api.importWallet({
      userId: user.userId,
      ...walletImport(await sealWallet(user, importBundle, mnemonic)),
    })
    expect(addresses).toEqual([mnemonicToAccount(mnemonic).address])
    const [spent] = await server.store.db
      .selectFrom('import_keys')
      .selectAll()
      .where('user_id', '=', user.userId)
      .execute()
    expect(spent).toMatchObject({
      sealed_private_key: null,
      encapped_public: expect.stringMatching(/^04[0-9a-f]{128}$/),
    })
  })

  test('error: another user of the same organization can neither start nor finish an import for the user', async () => {
    const backend = clientOf(server.rootKey, server.rootOrganizationId)
    const aliceKey = { privateKey: '', publicKey: '' }
    const bobKey = { privateKey: '', publicKey: '' }
    for (const key of [aliceKey, bobKey]) {
      const secret = p256.utils.randomSecretKey()
      key.privateKey = bytesToHex(secret)
      key.publicKey = bytesToHex(p256.getPublicKey(secret, true))
    }
    const created = await backend.createSubOrganization({
      subOrganizationName: 'shared',
      rootQuorumThreshold: 1,
      rootUsers: [aliceKey, bobKey].map((key, index) => ({
        userName: index === 0 ? 'alice' : 'bob',
        apiKeys: [{ apiKeyName: 'k', publicKey: key.publicKey, curveType: 'API_KEY_CURVE_P256' as const }],
        authenticators: [],
        oauthProviders: [],
      })),
    })
    const organizationId = created.subOrganizationId
    const [aliceId, bobId] = created.rootUserIds as [string, string]
    const alice = { organizationId, userId: aliceId, key: aliceKey } as UserSubOrganization
    const bob = { organizationId, userId: bobId, key: bobKey } as UserSubOrganization

    // Bob starts an import for Alice: refused, and Alice has no import key.
    expect(await submit(alice, 'init_import_wallet', {}, { key: bobKey })).toEqual(
      refusal(403, 'IMPORT_NOT_ALLOWED', new RegExp(`only user ${aliceId} may import`)),
    )
    await expect(clientOf(bobKey, organizationId).initImportWallet({ userId: aliceId })).rejects.toThrow(
      /only user .* may import/,
    )
    expect(
      await server.store.db.selectFrom('import_keys').select('id').where('user_id', '=', aliceId).execute(),
    ).toEqual([])

    // Alice starts one; Bob gets hold of her sealed bundle and submits it, as Alice and as himself.
    const { importBundle } = await clientOf(aliceKey, organizationId).initImportWallet({ userId: aliceId })
    const mnemonic = generateMnemonic(english)
    const encryptedBundle = await sealWallet(alice, importBundle, mnemonic)
    expect(await submit(alice, 'import_wallet', walletImport(encryptedBundle), { key: bobKey })).toEqual(
      refusal(403, 'IMPORT_NOT_ALLOWED', /only user .* may import/),
    )
    expect(await submit(bob, 'import_wallet', walletImport(encryptedBundle))).toEqual(
      refusal(400, 'IMPORT_NOT_STARTED', /no import started for this user/),
    )
    await clientOf(bobKey, organizationId).initImportWallet({ userId: bobId })
    expect(await submit(bob, 'import_wallet', walletImport(encryptedBundle))).toEqual(
      refusal(400, 'IMPORT_BUNDLE_WRONG_TARGET', /not sealed to this user’s current import key/),
    )
    expect(await countWallets(organizationId)).toBe(0)
    // Alice's key was not spent by any of it.
    const { addresses } = await clientOf(aliceKey, organizationId).importWallet({
      userId: aliceId,
      ...walletImport(encryptedBundle),
    })
    expect(addresses).toEqual([mnemonicToAccount(mnemonic).address])
  })

  test('error: another tenant, and the parent organization’s key, cannot import into a user’s organization', async () => {
    const victim = await newUser()
    const mallory = await newUser()
    // Mallory's key naming the victim's organization.
    const inVictimOrg = await submit(victim, 'init_import_wallet', {}, { key: mallory.key })
    expect(inVictimOrg.status).toBe(403)
    expect(inVictimOrg.body.error).toMatch(/organization mismatch/)
    // Mallory's key in her own organization, naming the victim's user.
    expect(
      await submit(
        victim,
        'init_import_private_key',
        {},
        { key: mallory.key, organizationId: mallory.organizationId },
      ),
    ).toEqual(refusal(403, 'IMPORT_NOT_ALLOWED', /only user .* may import/))
    // The root organization's key acts in sub-organizations, but does not import for their users.
    for (const name of ['init_import_wallet', 'init_import_private_key'] as const)
      expect(await submit(victim, name, {}, { key: server.rootKey })).toEqual(
        refusal(403, 'IMPORT_NOT_ALLOWED', /only user .* may import/),
      )
    await expect(
      clientOf(server.rootKey, victim.organizationId).initImportWallet({ userId: victim.userId }),
    ).rejects.toThrow(/only user .* may import/)
    expect(
      await server.store.db
        .selectFrom('import_keys')
        .select('id')
        .where('user_id', '=', victim.userId)
        .execute(),
    ).toEqual([])
    // A bundle the victim sealed is useless to Mallory's own import.
    const { importBundle } = await victim.api.initImportPrivateKey({ userId: victim.userId })
    const sealed = await sealKey(victim, importBundle, generatePrivateKey())
    await mallory.api.initImportPrivateKey({ userId: mallory.userId })
    expect(await submit(mallory, 'import_private_key', keyImport(sealed))).toEqual(
      refusal(400, 'IMPORT_BUNDLE_WRONG_TARGET', /not sealed to this user’s current import key/),
    )
    // …and @turnkey/crypto itself refuses to seal to a bundle made for another tenant.
    await expect(sealKey(mallory, importBundle, generatePrivateKey())).rejects.toThrow(
      /organization id does not match/,
    )
  })

  test('error: a replayed bundle is refused; the same stamped request replayed gets the same activity', async () => {
    const user = await newUser()
    const { importBundle } = await user.api.initImportWallet({ userId: user.userId })
    const encryptedBundle = await sealWallet(user, importBundle, generateMnemonic(english))
    const body = {
      type: 'ACTIVITY_TYPE_IMPORT_WALLET',
      timestampMs: String(Date.now()),
      organizationId: user.organizationId,
      parameters: { userId: user.userId, ...walletImport(encryptedBundle) },
    }
    const first = await server.post('/public/v1/submit/import_wallet', body, user.key)
    expect(first.status).toBe(200)
    const again = await server.post('/public/v1/submit/import_wallet', body, user.key)
    expect(((await again.json()) as { activity: { id: string } }).activity.id).toBe(
      ((await first.json()) as { activity: { id: string } }).activity.id,
    )
    const walletsAfterFirst = await countWallets(user.organizationId)
    // The same bundle in a new request, as a wallet and as a private key.
    expect(await submit(user, 'import_wallet', { ...walletImport(encryptedBundle), accounts: [] })).toEqual(
      refusal(400, 'IMPORT_BUNDLE_USED', /imported already/),
    )
    await expect(
      user.api.importWallet({ userId: user.userId, ...walletImport(encryptedBundle), accounts: [] }),
    ).rejects.toThrow(/imported already/)
    expect(await countWallets(user.organizationId)).toBe(walletsAfterFirst)
    // One bundle in two requests at once: both open it, one spends the key, the other rolls back.
    const { importBundle: next } = await user.api.initImportWallet({ userId: user.userId })
    const racing = await sealWallet(user, next, generateMnemonic(english))
    const outcomes = await Promise.all([
      submit(user, 'import_wallet', { ...walletImport(racing), walletName: 'first' }),
      submit(user, 'import_wallet', { ...walletImport(racing), walletName: 'second' }),
    ])
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([200, 400])
    expect(outcomes.find((outcome) => outcome.status === 400)).toEqual(
      refusal(400, 'IMPORT_BUNDLE_USED', /imported already/),
    )
    expect(await countWallets(user.organizationId)).toBe(walletsAfterFirst + 1)
    // A new init replaces the spent key: the old bundle then matches no key of the user.
    await user.api.initImportWallet({ userId: user.userId })
    expect(await submit(user, 'import_wallet', { ...walletImport(encryptedBundle), accounts: [] })).toEqual(
      refusal(400, 'IMPORT_BUNDLE_WRONG_TARGET', /not sealed/),
    )
  })

  test('error: a bundle sealed to another key, an earlier init, the other kind, or tampered with', async () => {
    const user = await newUser()
    const mnemonic = generateMnemonic(english)
    const first = await user.api.initImportWallet({ userId: user.userId })
    const toFirst = await sealWallet(user, first.importBundle, mnemonic)
    const second = await user.api.initImportWallet({ userId: user.userId })
    const wrongTarget = refusal(
      400,
      'IMPORT_BUNDLE_WRONG_TARGET',
      /not sealed to this user’s current import key/,
    )
    // Sealed to the key of an init a later init replaced.
    expect(await submit(user, 'import_wallet', walletImport(toFirst))).toEqual(wrongTarget)
    // Sealed to a key the server never made.
    const stranger = p256.getPublicKey(p256.utils.randomSecretKey(), false)
    const sealed = await hpkeSeal({
      plaintext: new TextEncoder().encode(mnemonic),
      recipientPublicKey: stranger,
    })
    const toStranger = JSON.stringify({
      encappedPublic: bytesToHex(sealed.encappedPublic),
      ciphertext: bytesToHex(sealed.ciphertext),
    })
    expect(await submit(user, 'import_wallet', walletImport(toStranger))).toEqual(wrongTarget)
    // A wallet bundle given to import_private_key: that import was never started, then matches no key.
    const toSecond = await sealWallet(user, second.importBundle, mnemonic)
    expect(await submit(user, 'import_private_key', keyImport(toSecond))).toEqual(
      refusal(400, 'IMPORT_NOT_STARTED', /no import started/),
    )
    await user.api.initImportPrivateKey({ userId: user.userId })
    expect(await submit(user, 'import_private_key', keyImport(toSecond))).toEqual(wrongTarget)
    // One flipped bit of the ciphertext.
    const parsed = JSON.parse(toSecond) as { encappedPublic: string; ciphertext: string }
    const flipped = `${parsed.ciphertext.slice(0, -1)}${parsed.ciphertext.endsWith('0') ? '1' : '0'}`
    expect(
      await submit(user, 'import_wallet', walletImport(JSON.stringify({ ...parsed, ciphertext: flipped }))),
    ).toEqual(wrongTarget)
    for (const malformed of [
      '',
      'not json',
      '{}',
      JSON.stringify({ ...parsed, encappedPublic: parsed.encappedPublic.slice(2) }),
    ])
      expect((await submit(user, 'import_wallet', walletImport(malformed))).status, malformed).toBe(400)
    expect(await submit(user, 'import_wallet', walletImport('{}'))).toEqual(
      refusal(400, 'IMPORT_BUNDLE_INVALID', /malformed encryptedBundle/),
    )
    // None of it spent the current key.
    const { addresses } = await user.api.importWallet({ userId: user.userId, ...walletImport(toSecond) })
    expect(addresses).toEqual([mnemonicToAccount(mnemonic).address])
  })

  test('error: an import key past its hour', async () => {
    const user = await newUser()
    const { importBundle } = await user.api.initImportWallet({ userId: user.userId })
    const encryptedBundle = await sealWallet(user, importBundle, generateMnemonic(english))
    clockOffsetMs = 60 * 60 * 1000 + 1000
    try {
      expect(await submit(user, 'import_wallet', walletImport(encryptedBundle))).toEqual(
        refusal(400, 'IMPORT_KEY_EXPIRED', /import key of this encryptedBundle has expired/),
      )
    } finally {
      clockOffsetMs = 0
    }
    expect(await countWallets(user.organizationId)).toBe(1)
  })

  test('error: a bad mnemonic or a bad key is refused with a clear 400, and the key stays usable', async () => {
    const user = await newUser()
    const { importBundle } = await user.api.initImportWallet({ userId: user.userId })
    const valid = generateMnemonic(english)
    const words = valid.split(' ')
    // A last word whose checksum does not match (any other word matches one time in 16, so pick one).
    const badChecksum = english
      .map((word) => [...words.slice(0, 11), word].join(' '))
      .find((mnemonic) => !validateMnemonic(mnemonic, english))!
    const invalidMnemonic = refusal(400, 'INVALID_MNEMONIC', /not a valid BIP-39 mnemonic/)
    for (const mnemonic of [
      badChecksum,
      words.slice(0, 11).join(' '),
      valid.toUpperCase(),
      `${valid} `,
      'not words',
    ])
      expect(
        await submit(user, 'import_wallet', walletImport(await sealWallet(user, importBundle, mnemonic))),
      ).toEqual(invalidMnemonic)
    // Bytes that are not UTF-8.
    const notText = await sealKey(user, importBundle, 'ff'.repeat(16))
    expect(await submit(user, 'import_wallet', walletImport(notText))).toEqual(invalidMnemonic)
    // No error repeats the words.
    const failures = await server.store.db
      .selectFrom('activities')
      .select('failure')
      .where('organization_id', '=', user.organizationId)
      .where('status', '=', 'ACTIVITY_STATUS_FAILED')
      .execute()
    expect(failures.length).toBeGreaterThanOrEqual(6)
    for (const { failure } of failures) expect(failure).not.toContain(words[0]!)
    expect(
      (
        await user.api.importWallet({
          userId: user.userId,
          ...walletImport(await sealWallet(user, importBundle, valid)),
        })
      ).addresses,
    ).toEqual([mnemonicToAccount(valid).address])

    const key = await user.api.initImportPrivateKey({ userId: user.userId })
    const invalidKey = refusal(400, 'INVALID_PRIVATE_KEY', /not a CURVE_SECP256K1 private key/)
    for (const privateKey of [
      '00'.repeat(32),
      secp256k1Order,
      'ff'.repeat(32),
      '11'.repeat(31),
      '11'.repeat(33),
    ])
      expect(
        await submit(
          user,
          'import_private_key',
          keyImport(await sealKey(user, key.importBundle, privateKey)),
        ),
        privateKey,
      ).toEqual(invalidKey)
    const ed25519Zero = await sealKey(user, key.importBundle, '00'.repeat(32))
    expect(
      await submit(user, 'import_private_key', {
        ...keyImport(ed25519Zero),
        curve: 'CURVE_ED25519',
        addressFormats: ['ADDRESS_FORMAT_SOLANA'],
      }),
    ).toEqual(refusal(400, 'INVALID_PRIVATE_KEY', /not a CURVE_ED25519 private key/))
    // Parameters Sigil cannot carry out: refused before the bundle is opened.
    const good = await sealKey(user, key.importBundle, generatePrivateKey())
    for (const parameters of [
      { curve: 'CURVE_P256' },
      { addressFormats: ['ADDRESS_FORMAT_SOLANA'] },
      { addressFormats: [] },
      { addressFormats: ['ADDRESS_FORMAT_ETHEREUM', 'ADDRESS_FORMAT_ETHEREUM'] },
    ])
      expect((await submit(user, 'import_private_key', { ...keyImport(good), ...parameters })).status).toBe(
        400,
      )
    expect(await submit(user, 'import_private_key', keyImport(good))).toMatchObject({ status: 200 })
  })

  test('error: importing what the organization already holds is a 409 naming the address; a wallet without accounts is fine', async () => {
    const user = await newUser()
    const mnemonic = generateMnemonic(english)
    const importOnce = async (accounts = DEFAULT_ETHEREUM_ACCOUNTS) => {
      const { importBundle } = await user.api.initImportWallet({ userId: user.userId })
      return submit(user, 'import_wallet', {
        ...walletImport(await sealWallet(user, importBundle, mnemonic)),
        accounts,
      })
    }
    expect((await importOnce()).status).toBe(200)
    const address = mnemonicToAccount(mnemonic).address
    expect(await importOnce()).toEqual(
      refusal(409, 'WALLET_ACCOUNT_EXISTS', new RegExp(`wallet account already exists: ${address}`)),
    )
    // The same phrase again, without accounts: a second wallet, as Turnkey allows.
    expect((await importOnce([])).status).toBe(200)
    // The key of an account the organization has.
    const { importBundle } = await user.api.initImportPrivateKey({ userId: user.userId })
    const accountKey = bytesToHex(mnemonicToAccount(mnemonic).getHdKey().privateKey!)
    expect(
      await submit(user, 'import_private_key', keyImport(await sealKey(user, importBundle, accountKey))),
    ).toEqual(refusal(409, 'WALLET_ACCOUNT_EXISTS', new RegExp(`wallet account already exists: ${address}`)))
  })

  test('behavior: no mnemonic, passphrase or key reaches the logs', async () => {
    const user = await newUser()
    const mnemonic = generateMnemonic(english)
    const passphrase = 'log-canary-passphrase'
    const privateKey = generatePrivateKey().slice(2)
    const before = logLines.length
    const wallet = await user.api.initImportWallet({ userId: user.userId })
    await user.api.importWallet({
      userId: user.userId,
      ...walletImport(await sealWallet(user, wallet.importBundle, `${mnemonic}\n--PASS--\n${passphrase}`)),
    })
    await submit(user, 'import_wallet', walletImport(await sealWallet(user, wallet.importBundle, mnemonic)))
    const key = await user.api.initImportPrivateKey({ userId: user.userId })
    await user.api.importPrivateKey({
      userId: user.userId,
      ...keyImport(await sealKey(user, key.importBundle, privateKey)),
    })
    const logged = logLines.slice(before).join('\n')
    expect(logged.length).toBeGreaterThan(0)
    for (const secret of [mnemonic.split(' ').slice(0, 3).join(' '), passphrase, privateKey])
      expect(logged).not.toContain(secret)
  })
})
