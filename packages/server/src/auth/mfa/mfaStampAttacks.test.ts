import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { storeDialects } from '../../store/test/storeDialects.js'
import { stampRequest } from '../../test/createTargetKey.js'
import { createTestServer, type TestServer } from '../../test/createTestServer.js'
import { createMfaTestUser } from './test/createMfaTestUser.js'
import { createTestClock } from './test/createTestClock.js'

/** Attacks on the stamped MFA routes: wrong intent (marker), stale, forged and foreign stamps. */

const read = async (response: Response) => ({
  status: response.status,
  body: (await response.json()) as { error: string; code: string },
})

describe.each(storeDialects)('MFA stamp attacks on %s', (dialect) => {
  const clock = createTestClock()
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(dialect, { now: clock.now })
  })
  afterAll(() => server.cleanup())

  test('error: a stamp with the wrong marker is refused', async () => {
    const user = await createMfaTestUser(server)
    const routes = [
      ['/v1/auth-list-multi-factors', 'list_mfas', {}],
      ['/v1/auth-request-multi-factor', 'add_mfa', { multiFactorType: 'totp' }],
      ['/v1/auth-verify-multi-factor', 'verify_mfa', { multiFactorId: 'x', multiFactorCode: '123456' }],
      ['/v1/auth-delete-multi-factors', 'delete_mfas', { multiFactorIds: ['x'] }],
    ] as const
    for (const [path, marker, rest] of routes)
      for (const wrong of [
        'list_mfas',
        'add_mfa',
        'verify_mfa',
        'delete_mfas',
        'get_mfa',
        '0xdeadbeef',
      ].filter((other) => other !== marker)) {
        const refused = await read(
          await server.signer(path, { stampedRequest: await user.stamp(wrong), ...rest }),
        )
        expect(refused).toEqual({
          status: 400,
          body: {
            error: `stampedRequest parameters.payload must be the marker ${marker}`,
            code: 'INVALID_REQUEST',
          },
        })
      }
    const rows = await server.store.db
      .selectFrom('mfa_factors')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute()
    expect(rows).toEqual([])
  })

  test('error: a stamp of another activity type is refused', async () => {
    const user = await createMfaTestUser(server)
    const stampedRequest = await stampRequest(
      {
        organizationId: user.organizationId,
        type: 'ACTIVITY_TYPE_CREATE_WALLET',
        timestampMs: String(clock.now()),
        parameters: { payload: 'list_mfas' },
      },
      user.session,
    )
    const refused = await read(await server.signer('/v1/auth-list-multi-factors', { stampedRequest }))
    expect(refused.status).toBe(400)
    expect(refused.body.error).toBe('stampedRequest must be an ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2 request')
  })

  test('error: a stale or future timestampMs is refused', async () => {
    const user = await createMfaTestUser(server)
    const { maxRequestAgeMs, maxRequestSkewMs } = server.app.sigil.config
    for (const timestampMs of [
      String(clock.now() - maxRequestAgeMs - 1000),
      String(clock.now() + maxRequestSkewMs + 60_000),
      'yesterday',
    ]) {
      const refused = await read(
        await server.signer('/v1/auth-request-multi-factor', {
          stampedRequest: await user.stamp('add_mfa', { timestampMs }),
          multiFactorType: 'totp',
        }),
      )
      expect(refused.status).toBe(400)
      expect(refused.body).toEqual({
        error: 'request timestampMs is outside the accepted window',
        code: 'REQUEST_INVALID',
      })
    }
    const rows = await server.store.db
      .selectFrom('mfa_factors')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute()
    expect(rows).toEqual([])
  })

  test('error: a bad stamp, or a stamp by another user, is refused', async () => {
    const alice = await createMfaTestUser(server)
    const mallory = await createMfaTestUser(server)
    const forged = await alice.stamp('list_mfas', { key: mallory.session })
    expect((await server.signer('/v1/auth-list-multi-factors', { stampedRequest: forged })).status).toBe(403)

    const tampered = await alice.stamp('list_mfas')
    tampered.body = tampered.body.replace('list_mfas', 'add_mfa')
    expect(
      (
        await server.signer('/v1/auth-request-multi-factor', {
          stampedRequest: tampered,
          multiFactorType: 'totp',
        })
      ).status,
    ).toBe(401)
  })

  test("error: a parent-organization key cannot manage a user's factors", async () => {
    const user = await createMfaTestUser(server)
    const stampedRequest = await user.stamp('add_mfa', { key: server.rootKey })
    const refused = await read(
      await server.signer('/v1/auth-request-multi-factor', { stampedRequest, multiFactorType: 'totp' }),
    )
    expect(refused).toEqual({
      status: 403,
      body: { error: "MFA factors can only be managed with the user's own credential", code: 'FORBIDDEN' },
    })
  })
})
