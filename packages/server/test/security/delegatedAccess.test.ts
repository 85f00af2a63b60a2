import { DEFAULT_ETHEREUM_ACCOUNTS, Turnkey, type TurnkeyApiClient } from '@turnkey/sdk-server'
import { hashMessage, recoverAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { storeDialects } from '../../src/store/test/storeDialects.js'
import { createTestServer, type TestKey, type TestServer } from '../../src/test/createTestServer.js'
import { createUserSubOrganization } from '../../src/test/createUserSubOrganization.js'
import { type LocalListener, serveOnLocalPort } from '../../src/test/serveOnLocalPort.js'

/*
 * Turnkey's delegated access (issue 32 part 6), with the published `@turnkey/sdk-server` over a real
 * listener: a backend registers its own root-organization API key as a user of each sub-organization it
 * creates, then acts there as that user. The same public key may live in a second organization only when
 * the request that puts it there is stamped by that key (proof of possession); hole 2 of issue 14 (a
 * victim's public session key registered by someone else) stays closed: credentials.test.ts.
 */

describe.each(storeDialects)('delegated access on %s', (dialect) => {
  let server: TestServer
  let listener: LocalListener
  beforeAll(async () => {
    server = await createTestServer(dialect)
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

  /** A sub-organization with an end user and the backend's key as a second, delegated root user. */
  const createDelegatedSubOrganization = (backend: TurnkeyApiClient, name: string, key: TestKey) =>
    backend.createSubOrganization({
      subOrganizationName: name,
      rootQuorumThreshold: 1,
      rootUsers: [
        { userName: `${name} user`, apiKeys: [], authenticators: [], oauthProviders: [] },
        {
          userName: 'Delegated access',
          apiKeys: [{ apiKeyName: 'backend', publicKey: key.publicKey, curveType: 'API_KEY_CURVE_P256' }],
          authenticators: [],
          oauthProviders: [],
        },
      ],
      wallet: { walletName: 'Default wallet', accounts: DEFAULT_ETHEREUM_ACCOUNTS },
    })

  test('default: the backend key registered in two sub-organizations acts in each as its delegated user, and as root in the root', async () => {
    const backend = clientOf(server.rootKey, server.rootOrganizationId)
    const first = await createDelegatedSubOrganization(backend, 'first', server.rootKey)
    const second = await createDelegatedSubOrganization(backend, 'second', server.rootKey)
    for (const created of [first, second]) {
      const delegatedUserId = created.rootUserIds?.[1]
      const inSub = clientOf(server.rootKey, created.subOrganizationId)
      expect(await inSub.getWhoami()).toMatchObject({
        organizationId: created.subOrganizationId,
        userId: delegatedUserId,
      })
      const address = created.wallet!.addresses[0]! as `0x${string}`
      const hash = hashMessage('delegated')
      const { r, s, v } = await inSub.signRawPayload({
        signWith: address,
        payload: hash,
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      })
      const signature = `0x${r}${s}${v === '00' ? '1b' : '1c'}` as const
      expect(await recoverAddress({ hash, signature })).toBe(address)
    }
    expect(await backend.getWhoami()).toMatchObject({
      organizationId: server.rootOrganizationId,
      userId: server.rootUserId,
    })
  })

  test("error: a user's key that proves itself still cannot add itself to another user's organization", async () => {
    const mallory = await createUserSubOrganization(server, { email: 'mallory@example.com', name: 'mallory' })
    const victim = await createUserSubOrganization(server, { email: 'victim@example.com', name: 'victim' })
    const attacker = clientOf(mallory.key, victim.organizationId)
    await expect(
      attacker.createApiKeys({
        userId: victim.userId,
        apiKeys: [{ apiKeyName: 'mine', publicKey: mallory.key.publicKey, curveType: 'API_KEY_CURVE_P256' }],
      }),
    ).rejects.toThrow(/organization mismatch/)
    const rows = await server.store.db
      .selectFrom('api_keys')
      .select('organization_id')
      .where('public_key', '=', mallory.key.publicKey)
      .execute()
    expect(rows).toEqual([{ organization_id: mallory.organizationId }])
  })

  test('error: a root request stamped by another key cannot register a key that lives elsewhere', async () => {
    const victim = await createUserSubOrganization(server, { email: 'victim2@example.com', name: 'victim2' })
    const backend = clientOf(server.rootKey, server.rootOrganizationId)
    await expect(createDelegatedSubOrganization(backend, 'copy', victim.key)).rejects.toThrow(
      /this public key is already registered to another user/,
    )
  })

  test('error: whoami naming the parent, with the key found only in several children, is refused as ambiguous', async () => {
    const other = await server.addApiKey({
      organizationId: server.rootOrganizationId,
      userId: server.rootUserId,
    })
    const backend = clientOf(other, server.rootOrganizationId)
    await createDelegatedSubOrganization(backend, 'third', other)
    await createDelegatedSubOrganization(backend, 'fourth', other)
    // The key is rotated out of the root (through the API, by the root's own key); its delegated rows stay.
    const { id } = await server.store.db
      .selectFrom('api_keys')
      .select('id')
      .where('public_key', '=', other.publicKey)
      .where('organization_id', '=', server.rootOrganizationId)
      .executeTakeFirstOrThrow()
    await clientOf(server.rootKey, server.rootOrganizationId).deleteApiKeys({
      userId: server.rootUserId,
      apiKeyIds: [id],
    })
    const response = await server.post(
      '/public/v1/query/whoami',
      { organizationId: server.rootOrganizationId },
      other,
    )
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ details: [{ turnkeyErrorCode: 'CREDENTIAL_CONFLICT' }] })
  })
})
