import { base64urlEncode } from '@sigil/protocol'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../../src/apps/createApp.js'
import { readMailboxCode } from '../../src/auth/email/test/readMailboxCode.js'
import { createMfaTestUser, type MfaTestUser } from '../../src/auth/mfa/test/createMfaTestUser.js'
import { createTestClock } from '../../src/auth/mfa/test/createTestClock.js'
import { enrollTestFactor } from '../../src/auth/mfa/test/enrollTestFactor.js'
import { totpCodeAt } from '../../src/auth/mfa/test/totpCodeAt.js'
import {
  type OauthLogin,
  type OauthTestbed,
  startOauthTestbed,
} from '../../src/auth/oauth/test/startOauthTestbed.js'
import { storeDialects } from '../../src/store/test/storeDialects.js'
import { createSoftwarePasskey } from '../../src/test/createSoftwarePasskey.js'
import { createTargetKey, type StampedRequest, stampRequest } from '../../src/test/createTargetKey.js'
import { type TestKey, testAppOrigin } from '../../src/test/createTestServer.js'

/*
 * The MFA gate (issue 14, hole 5 and the MFA part of hole 8), replayed through the real listener:
 * an OAuth sign-in of a user with a TOTP factor delivered a session without the code; 240 wrong
 * codes against one pending login were all checked and the right one still worked; and a session
 * alone could add or remove a factor.
 */

type Answer = {
  error?: string
  code?: string
  data?: { multiFactors?: unknown }
  payload?: { credentialBundle?: string }
  multiFactors?: { multiFactorId: string; multiFactorType: string }[]
  multiFactorId?: string
  multiFactorTotpUrl?: string
  orgId?: string
  userId?: string
}

describe.each(storeDialects)('MFA attacks on %s', (dialect) => {
  const clock = createTestClock()
  let testbed: OauthTestbed
  beforeAll(async () => {
    testbed = await startOauthTestbed(dialect, { now: clock.now })
  })
  afterAll(() => testbed.close())

  /** POST to `/signer<path>` through the listener, with the test app's bearer key. */
  const signer = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${testbed.publicUrl}/signer${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${testbed.server.signerApp.apiKey}`,
        ...headers,
      },
    })
    return { status: response.status, headers: response.headers, body: (await response.json()) as Answer }
  }
  /** A stamped MFA request (`sign_raw_payload` with the route's marker) of `key` for `account`. */
  const stampMarker = (account: { orgId: string; address: string }, key: TestKey, marker: string) =>
    stampRequest(
      {
        organizationId: account.orgId,
        type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
        timestampMs: String(clock.now()),
        parameters: {
          signWith: account.address,
          payload: marker,
          encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
          hashFunction: 'HASH_FUNCTION_NO_OP',
        },
      },
      key,
      'https://api.turnkey.com/public/v1/submit/sign_raw_payload',
    )
  /** Enrols and verifies a TOTP factor through the listener with a stamped request maker. */
  const enrol = async (
    stamp: (marker: string) => Promise<StampedRequest>,
    headers: Record<string, string> = {},
  ) => {
    const requested = await signer(
      '/v1/auth-request-multi-factor',
      { stampedRequest: await stamp('add_mfa'), multiFactorType: 'totp' },
      headers,
    )
    expect(requested.status).toBe(200)
    const multiFactorId = requested.body.multiFactorId!
    const multiFactorTotpUrl = requested.body.multiFactorTotpUrl!
    const verified = await signer(
      '/v1/auth-verify-multi-factor',
      {
        stampedRequest: await stamp('verify_mfa'),
        multiFactorId,
        multiFactorCode: await totpCodeAt(multiFactorTotpUrl, clock.now()),
      },
      headers,
    )
    expect(verified.status).toBe(200)
    clock.advance(30_000)
    return { multiFactorId, multiFactorTotpUrl }
  }
  const codeAt = (factor: { multiFactorTotpUrl: string }, offsetMs = 0) =>
    totpCodeAt(factor.multiFactorTotpUrl, clock.now() + offsetMs)
  const wrongCode = async (factor: { multiFactorTotpUrl: string }) => {
    const taken = new Set(await Promise.all([-30_000, 0, 30_000].map((offset) => codeAt(factor, offset))))
    let code = 0
    while (taken.has(String(code).padStart(6, '0'))) code += 1
    return String(code).padStart(6, '0')
  }
  /** The redirect back to the app as a map of its query parameters. */
  const returned = (login: OauthLogin) => {
    expect(login.response.status).toBe(302)
    expect(login.appUrl?.origin).toBe(testAppOrigin)
    return Object.fromEntries(login.appUrl!.searchParams)
  }

  let accounts = 0
  /**
   * A user who signed up by OAuth (redirect mode) and then enrolled TOTP with that session: the
   * victim of hole 5a. Answers the factor and the provider subject to sign in with again.
   */
  const oauthUserWithFactor = async () => {
    const subject = `mfa-${dialect}-${++accounts}`
    testbed.idp.accounts.set(subject, { email: `${subject}@example.com`, email_verified: true })
    const first = await testbed.login({ subject })
    const params = returned(first)
    expect(params['alchemy-bundle']).toBeTruthy()
    const session = await first.target.open(params['alchemy-bundle']!)
    const orgId = params['alchemy-org-id']!
    const whoami = await signer('/v1/whoami', {
      stampedRequest: await stampRequest({ organizationId: orgId }, session),
    })
    expect(whoami.status).toBe(200)
    const account = {
      orgId,
      address: (whoami.body as { address: string }).address,
      userId: whoami.body.userId!,
    }
    const factor = await enrol((marker) => stampMarker(account, session, marker))
    return { subject, account, factor }
  }
  /** A new OAuth sign-in of `subject` that stops at MFA: its `encryptedPayload`. */
  const pendingOauthLogin = async (subject: string) => {
    const params = returned(await testbed.login({ subject }))
    expect(params['alchemy-status']).toBe('MFA_REQUIRED')
    return params['alchemy-encrypted-payload']!
  }
  const validate = (encryptedPayload: string, multiFactorId: string, multiFactorCode: string) =>
    signer('/v1/auth-validate-multi-factors', {
      encryptedPayload,
      multiFactors: [{ multiFactorId, multiFactorCode }],
    })

  test('error: hole 5a — OAuth sign-in of a user with a TOTP factor gives no session without the code', async () => {
    const { subject, account, factor } = await oauthUserWithFactor()

    // Redirect mode: no bundle, an MFA token bound to this sign-in's key, and the factor to ask for.
    const login = await testbed.login({ subject })
    const params = returned(login)
    expect(params['alchemy-bundle']).toBeUndefined()
    expect(params['alchemy-id-token']).toBeUndefined()
    expect(params['alchemy-status']).toBe('MFA_REQUIRED')
    expect(params['alchemy-org-id']).toBe(account.orgId)
    expect(params['alchemy-error']).toBe('MFA is required for this user')
    expect(JSON.parse(params['alchemy-mfa-factors']!)).toEqual([
      { multiFactorId: factor.multiFactorId, multiFactorType: 'totp' },
    ])

    // Popup mode: the message carries no bundle either.
    const popup = await testbed.login({ subject, openerOrigin: testAppOrigin })
    expect(popup.response.status).toBe(200)
    const message = JSON.parse(popup.body!.match(/var message=(\{.*?\});var origin=/)![1]!) as Record<
      string,
      unknown
    >
    expect(message.alchemyBundle).toBeUndefined()
    expect(message).toMatchObject({
      alchemyStatus: 'MFA_REQUIRED',
      alchemyOrgId: account.orgId,
      alchemyMultiFactors: [{ multiFactorId: factor.multiFactorId, multiFactorType: 'totp' }],
    })

    // The token alone is not a session…
    const withoutCode = await signer('/v1/auth-validate-multi-factors', {
      encryptedPayload: params['alchemy-encrypted-payload'],
      multiFactors: [],
    })
    expect(withoutCode).toMatchObject({
      status: 400,
      body: { code: 'MFA_REQUIRED', data: { multiFactors: [{ multiFactorId: factor.multiFactorId }] } },
    })
    // …the code finishes the sign-in, sealed to the key of this OAuth sign-in.
    const finished = await validate(
      params['alchemy-encrypted-payload']!,
      factor.multiFactorId,
      await codeAt(factor),
    )
    expect(finished.status).toBe(200)
    const session = await login.target.open(finished.body.payload!.credentialBundle!)
    const whoami = await signer('/v1/whoami', {
      stampedRequest: await stampRequest({ organizationId: account.orgId }, session),
    })
    expect(whoami).toMatchObject({ status: 200, body: { userId: account.userId, orgId: account.orgId } })
  })

  test('error: hole 5b — five wrong codes kill the pending login; the right code afterwards is refused', async () => {
    const { subject, factor } = await oauthUserWithFactor()
    const encryptedPayload = await pendingOauthLogin(subject)
    const wrong = await wrongCode(factor)
    for (let attempt = 0; attempt < 5; attempt++)
      expect(await validate(encryptedPayload, factor.multiFactorId, wrong)).toMatchObject({
        status: 401,
        body: { code: 'INVALID_MFA_CODE' },
      })
    expect(await validate(encryptedPayload, factor.multiFactorId, await codeAt(factor))).toMatchObject({
      status: 401,
      body: { error: 'invalid or expired MFA token', code: 'INVALID_MFA_TOKEN' },
    })
    // The user is not locked out: a new sign-in with the right code works.
    const again = await pendingOauthLogin(subject)
    expect((await validate(again, factor.multiFactorId, await codeAt(factor))).status).toBe(200)
  })

  test('error: hole 5b — wrong codes count per user across pending logins: the 11th try is 429', async () => {
    const { subject, factor } = await oauthUserWithFactor()
    const wrong = await wrongCode(factor)
    // 10 wrong codes spread over three pending logins, none of which reaches its own limit of 5.
    for (const tries of [4, 4, 2]) {
      const encryptedPayload = await pendingOauthLogin(subject)
      for (let attempt = 0; attempt < tries; attempt++)
        expect((await validate(encryptedPayload, factor.multiFactorId, wrong)).status).toBe(401)
    }
    const fresh = await pendingOauthLogin(subject)
    const refused = await validate(fresh, factor.multiFactorId, await codeAt(factor))
    expect(refused).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  /** A user with a live session key and a verified factor (fixtures), for the factor-change attacks. */
  const sessionUserWithFactor = async () => {
    const user = await createMfaTestUser(testbed.server)
    const factor = await enrollTestFactor(testbed.server, clock, user)
    return { user, factor }
  }
  const listFactors = async (user: MfaTestUser) =>
    (await signer('/v1/auth-list-multi-factors', { stampedRequest: await user.stamp('list_mfas') })).body
      .multiFactors

  test('error: hole 8 — removing a factor with a session but without the current code is refused', async () => {
    const { user, factor } = await sessionUserWithFactor()
    const remove = async (multiFactors?: { multiFactorId: string; multiFactorCode: string }[]) =>
      signer('/v1/auth-delete-multi-factors', {
        stampedRequest: await user.stamp('delete_mfas'),
        multiFactorIds: [factor.multiFactorId],
        ...(multiFactors ? { multiFactors } : {}),
      })
    expect(await remove()).toMatchObject({
      status: 400,
      body: {
        error: 'MFA is required for this user',
        code: 'MFA_REQUIRED',
        data: { multiFactors: [{ multiFactorId: factor.multiFactorId, multiFactorType: 'totp' }] },
      },
    })
    expect(
      await remove([{ multiFactorId: factor.multiFactorId, multiFactorCode: await wrongCode(factor) }]),
    ).toMatchObject({ status: 401, body: { code: 'INVALID_MFA_CODE' } })
    expect(await listFactors(user)).toEqual([
      { multiFactorId: factor.multiFactorId, multiFactorType: 'totp', createdAt: expect.any(String) },
    ])
    // With the current code it works.
    expect(
      await remove([{ multiFactorId: factor.multiFactorId, multiFactorCode: await codeAt(factor) }]),
    ).toMatchObject({ status: 200, body: { multiFactors: [] } })
  })

  test('error: hole 8 — adding a factor while one is verified needs its current code', async () => {
    const { user, factor } = await sessionUserWithFactor()
    const add = async (multiFactors?: { multiFactorId: string; multiFactorCode: string }[]) =>
      signer('/v1/auth-request-multi-factor', {
        stampedRequest: await user.stamp('add_mfa'),
        multiFactorType: 'totp',
        ...(multiFactors ? { multiFactors } : {}),
      })
    expect(await add()).toMatchObject({
      status: 400,
      body: { code: 'MFA_REQUIRED', data: { multiFactors: [{ multiFactorId: factor.multiFactorId }] } },
    })
    expect(
      await add([{ multiFactorId: factor.multiFactorId, multiFactorCode: await wrongCode(factor) }]),
    ).toMatchObject({ status: 401, body: { code: 'INVALID_MFA_CODE' } })
    // With the code: a new factor that replaces the old one once its own first code checks.
    const added = await add([{ multiFactorId: factor.multiFactorId, multiFactorCode: await codeAt(factor) }])
    expect(added.status).toBe(200)
    const verified = await signer('/v1/auth-verify-multi-factor', {
      stampedRequest: await user.stamp('verify_mfa'),
      multiFactorId: added.body.multiFactorId,
      multiFactorCode: await totpCodeAt(added.body.multiFactorTotpUrl!, clock.now()),
    })
    expect(verified.status).toBe(200)
    expect(await listFactors(user)).toEqual([
      { multiFactorId: added.body.multiFactorId, multiFactorType: 'totp', createdAt: expect.any(String) },
    ])
  })

  test('error: hole 5 — a passkey without user verification does not serve a user with a TOTP factor', async () => {
    const passkey = createSoftwarePasskey({ rpId: 'localhost', origin: testAppOrigin })
    const challenge = base64urlEncode(crypto.getRandomValues(new Uint8Array(32)))
    const signup = await signer('/v1/signup', {
      passkey: { challenge, attestation: passkey.register(challenge) },
    })
    expect(signup.status).toBe(200)
    const account = { orgId: signup.body.orgId!, address: (signup.body as { address: string }).address }
    const passkeyStamp = (body: unknown, userVerified = true): StampedRequest => {
      const text = JSON.stringify(body)
      return {
        body: text,
        stamp: {
          stampHeaderName: 'X-Stamp-Webauthn',
          stampHeaderValue: passkey.stamp(text, { userVerified }),
        },
        url: 'https://api.turnkey.com/public/v1/query/whoami',
      }
    }
    const whoami = (userVerified: boolean) =>
      signer('/v1/whoami', { stampedRequest: passkeyStamp({ organizationId: account.orgId }, userVerified) })
    // Without a factor, presence alone is enough (as today).
    expect((await whoami(false)).status).toBe(200)
    await enrol(async (marker) =>
      passkeyStamp({
        organizationId: account.orgId,
        type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
        timestampMs: String(clock.now()),
        parameters: {
          signWith: account.address,
          payload: marker,
          encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
          hashFunction: 'HASH_FUNCTION_NO_OP',
        },
      }),
    )
    expect(await whoami(false)).toMatchObject({
      status: 401,
      body: { code: 'PASSKEY_USER_VERIFICATION_REQUIRED' },
    })
    expect((await whoami(true)).status).toBe(200)
  })

  test('error: a passkey without user verification does not serve a user whose only factor is text-message codes', async () => {
    const passkey = createSoftwarePasskey({ rpId: 'localhost', origin: testAppOrigin })
    const challenge = base64urlEncode(crypto.getRandomValues(new Uint8Array(32)))
    const signup = await signer('/v1/signup', {
      passkey: { challenge, attestation: passkey.register(challenge) },
    })
    expect(signup.status).toBe(200)
    const orgId = signup.body.orgId!
    const whoami = (userVerified: boolean) => {
      const text = JSON.stringify({ organizationId: orgId })
      return signer('/v1/whoami', {
        stampedRequest: {
          body: text,
          stamp: {
            stampHeaderName: 'X-Stamp-Webauthn',
            stampHeaderValue: passkey.stamp(text, { userVerified }),
          },
          url: 'https://api.turnkey.com/public/v1/query/whoami',
        },
      })
    }
    expect((await whoami(false)).status).toBe(200)
    // The user's verified SMS factor (as /v1/auth-verify-multi-factor leaves it), on their proven number.
    const db = testbed.server.store.db
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('organization_id', '=', orgId)
      .executeTakeFirstOrThrow()
    const now = Date.now()
    await db
      .insertInto('mfa_factors')
      .values({
        id: crypto.randomUUID(),
        user_id: user.id,
        type: 'sms',
        sealed_secret: '',
        phone: '+14155550188',
        verified: 1,
        last_used_step: null,
        replaces_factor_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute()
    expect(await whoami(false)).toMatchObject({
      status: 401,
      body: { code: 'PASSKEY_USER_VERIFICATION_REQUIRED' },
    })
    expect((await whoami(true)).status).toBe(200)
  })

  test('error: hole 5 — a magic link sent before the TOTP factor was set up does not sign in', async () => {
    const redirectUrl = `${testAppOrigin}/return`
    const magic = await createApp(testbed.server.store.db, {
      name: `magic-${dialect}`,
      origins: [testAppOrigin],
      emailMode: 'magic-link',
      redirectUrl,
      now: Date.now(),
    })
    const email = `link-${dialect}@example.com`
    const target = createTargetKey()
    const bearer = { authorization: `Bearer ${magic.apiKey}` }
    const call = (path: string, body: unknown) =>
      signer(
        path,
        { ...(body as object), targetPublicKey: target.publicKey },
        {
          authorization: `Bearer ${magic.apiKey}`,
        },
      )
    /** Opens the newest link through the listener: the query of the redirect back to the app. */
    const land = async () => {
      const response = await fetch(await readMailboxCode(testbed.server, email), { redirect: 'manual' })
      expect(response.status).toBe(302)
      const location = new URL(response.headers.get('location')!)
      expect(`${location.origin}${location.pathname}`).toBe(redirectUrl)
      return Object.fromEntries(location.searchParams)
    }
    expect((await call('/v1/signup', { email })).status).toBe(200)
    const signedUp = await land()
    const session = await target.open(signedUp.bundle!)
    const whoami = await signer(
      '/v1/whoami',
      { stampedRequest: await stampRequest({ organizationId: signedUp.orgId }, session) },
      bearer,
    )
    expect(whoami.status).toBe(200)
    const account = { orgId: signedUp.orgId!, address: (whoami.body as { address: string }).address }

    // A link asked for while the user had no factor, opened after the factor was set up.
    expect((await call('/v1/auth', { email })).status).toBe(200)
    const factor = await enrol((marker) => stampMarker(account, session, marker), bearer)
    const stale = await land()
    expect(stale.bundle).toBeUndefined()
    expect(stale['alchemy-error']).toMatch(/before two-factor sign-in was set up/)

    // A link asked for with the code signs in.
    expect((await call('/v1/auth', { email })).status).toBe(400)
    const withCode = await call('/v1/auth', {
      email,
      multiFactors: [{ multiFactorId: factor.multiFactorId, multiFactorCode: await codeAt(factor) }],
    })
    expect(withCode.status).toBe(200)
    expect((await land()).bundle).toBeTruthy()
  })
})
