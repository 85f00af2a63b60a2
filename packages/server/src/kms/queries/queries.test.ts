import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { storeDialects } from '../../store/test/storeDialects.js'
import { createTestServer, type TestServer } from '../../test/createTestServer.js'
import { createUserSubOrganization, type UserSubOrganization } from '../../test/createUserSubOrganization.js'

describe.each(storeDialects)('queries on %s', (dialect) => {
  let server: TestServer
  let alice: UserSubOrganization
  let bob: UserSubOrganization
  beforeAll(async () => {
    server = await createTestServer(dialect)
    alice = await createUserSubOrganization(server, { email: 'Alice@Example.com', name: 'alice' })
    bob = await createUserSubOrganization(server, { email: 'bob@example.com', name: 'bob' })
  })
  afterAll(() => server.cleanup())

  const query = async <T>(name: string, body: Record<string, unknown>, key = server.rootKey) => {
    const response = await server.post(`/public/v1/query/${name}`, body, key)
    expect(response.status, await response.clone().text()).toBe(200)
    return (await response.json()) as T
  }

  test('default: get_organization lists users, root quorum and wallets', async () => {
    const { organizationData } = await query<{ organizationData: Record<string, unknown> }>(
      'get_organization',
      { organizationId: alice.organizationId },
      alice.key,
    )
    expect(organizationData).toMatchObject({
      organizationId: alice.organizationId,
      name: 'alice organization',
      rootQuorum: { threshold: 1, userIds: [alice.userId] },
      users: [
        {
          userId: alice.userId,
          userName: 'alice',
          userEmail: 'alice@example.com',
          apiKeys: [expect.any(Object)],
        },
      ],
      wallets: [{ walletId: alice.walletId, walletName: 'Default wallet' }],
    })
  })

  test('behavior: get_user and list_users show the same user', async () => {
    const { user } = await query<{ user: Record<string, unknown> }>('get_user', {
      organizationId: alice.organizationId,
      userId: alice.userId,
    })
    const { users } = await query<{ users: unknown[] }>('list_users', {
      organizationId: alice.organizationId,
    })
    expect(users).toEqual([user])
    expect(user).toMatchObject({ authenticators: [], oauthProviders: [], userTags: [], mfaPolicies: [] })
    expect(user.createdAt).toEqual({
      seconds: expect.stringMatching(/^\d+$/),
      nanos: expect.stringMatching(/^\d+$/),
    })
  })

  test('behavior: list_suborgs filters by email (any case), address, public key and name', async () => {
    const all = await query<{ organizationIds: string[] }>('list_suborgs', {
      organizationId: server.rootOrganizationId,
    })
    expect(all.organizationIds).toEqual(expect.arrayContaining([alice.organizationId, bob.organizationId]))
    const filter = (filterType: string, filterValue: string) =>
      query<{ organizationIds: string[] }>('list_suborgs', {
        organizationId: server.rootOrganizationId,
        filterType,
        filterValue,
      })
    expect((await filter('EMAIL', 'ALICE@example.com')).organizationIds).toEqual([alice.organizationId])
    expect((await filter('WALLET_ACCOUNT_ADDRESS', bob.ethereumAddress)).organizationIds).toEqual([
      bob.organizationId,
    ])
    expect((await filter('WALLET_ACCOUNT_ADDRESS', bob.solanaAddress)).organizationIds).toEqual([
      bob.organizationId,
    ])
    expect((await filter('PUBLIC_KEY', alice.key.publicKey)).organizationIds).toEqual([alice.organizationId])
    expect((await filter('NAME', 'bob organization')).organizationIds).toEqual([bob.organizationId])
    expect((await filter('EMAIL', 'nobody@example.com')).organizationIds).toEqual([])
  })

  test('behavior: get_activity and list_activities show the audit log, paginated', async () => {
    const { activities } = await query<{ activities: { id: string; type: string }[] }>('list_activities', {
      organizationId: server.rootOrganizationId,
      filterByType: ['ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8'],
    })
    expect(activities.length).toBeGreaterThanOrEqual(2)
    const first = await query<{ activities: { id: string }[] }>('list_activities', {
      organizationId: server.rootOrganizationId,
      paginationOptions: { limit: '1' },
    })
    expect(first.activities).toHaveLength(1)
    const next = await query<{ activities: { id: string }[] }>('list_activities', {
      organizationId: server.rootOrganizationId,
      paginationOptions: { limit: '1', after: first.activities[0]!.id },
    })
    expect(next.activities[0]?.id).not.toBe(first.activities[0]!.id)
    const { activity } = await query<{ activity: { id: string; status: string } }>('get_activity', {
      organizationId: server.rootOrganizationId,
      activityId: activities[0]!.id,
    })
    expect(activity).toMatchObject({ id: activities[0]!.id, status: 'ACTIVITY_STATUS_COMPLETED' })
  })

  test('behavior: list_wallet_accounts without walletId lists the whole organization', async () => {
    const { accounts } = await query<{ accounts: { address: string; caip2Prefix: string }[] }>(
      'list_wallet_accounts',
      {
        organizationId: bob.organizationId,
      },
    )
    expect(accounts.map((account) => [account.address, account.caip2Prefix])).toEqual([
      [bob.ethereumAddress, 'eip155'],
      [bob.solanaAddress, 'solana'],
    ])
  })

  test('error: get_authenticators requires userId', async () => {
    const response = await server.post('/public/v1/query/get_authenticators', {
      organizationId: alice.organizationId,
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      code: 3,
      details: expect.arrayContaining([
        expect.objectContaining({ fieldViolations: [expect.objectContaining({ field: 'userId' })] }),
      ]),
    })
  })

  test('error: unknown ids are 404', async () => {
    const missing = '00000000-0000-4000-8000-000000000000'
    for (const [name, body] of [
      ['get_wallet', { walletId: missing }],
      ['get_activity', { activityId: missing }],
      ['get_user', { userId: missing }],
    ] as const) {
      const response = await server.post(`/public/v1/query/${name}`, {
        organizationId: alice.organizationId,
        ...body,
      })
      expect(response.status, name).toBe(404)
    }
  })
})
