import { afterEach, describe, expect, test } from 'vitest'
import { createApp } from '../../apps/createApp.js'
import { storeDialects } from '../../store/test/storeDialects.js'
import { createTargetKey, stampRequest } from '../../test/createTargetKey.js'
import { createTestServer, type TestServer } from '../../test/createTestServer.js'
import { addVerifiedTotpFactor } from './test/addVerifiedTotpFactor.js'
import { readMailboxCode } from './test/readMailboxCode.js'

/** Magic-link sign-in: the app's mode, the mailed link, the landing redirect, and its failures. */

const redirectUrl = 'https://magic.example/auth/return'

describe.each(storeDialects)('magic-link sign-in on %s', (dialect) => {
  let server: TestServer
  let magic: { appId: string; apiKey: string }
  afterEach(async () => {
    await server?.cleanup()
  })
  const setUp = async () => {
    server = await createTestServer(dialect)
    magic = await createApp(server.store.db, {
      name: 'Magic <app>',
      origins: ['https://magic.example'],
      emailMode: 'magic-link',
      redirectUrl,
      now: Date.now(),
    })
  }
  const call = (path: string, body: unknown) =>
    server.signer(path, body, { authorization: `Bearer ${magic.apiKey}` })
  /** Follows the link as a browser would: GET on this server, no redirect following. */
  const follow = async (link: string) => {
    const url = new URL(link)
    expect(url.origin + url.pathname).toBe('http://localhost:8787/signer/v1/magic-link')
    return server.app.request(url.pathname + url.search)
  }

  test('default: the link lands on the redirect URL with bundle, orgId, redirectParams and aa-is-signup', async () => {
    await setUp()
    const target = createTargetKey()
    const signup = await call('/v1/signup', {
      email: 'ada@example.com',
      emailMode: 'otp',
      targetPublicKey: target.publicKey,
      redirectParams: new URLSearchParams({ step: 'done', next: '/wallet?x=1' }).toString(),
    })
    expect(signup.status).toBe(200)
    const { orgId, userId, address, otpId } = (await signup.json()) as Record<string, string>
    expect(otpId).toBeUndefined()

    const link = await readMailboxCode(server, 'ada@example.com')
    expect(link).toMatch(/\/signer\/v1\/magic-link\?otpId=[0-9a-f-]{36}&token=[A-Za-z0-9_-]{43}$/)
    const [mail] = (await server.store.db.selectFrom('dev_mail').selectAll().execute()) as {
      subject: string
      html: string
    }[]
    expect(mail!.subject).toBe('Sign in to Magic <app>')
    expect(mail!.html).toContain('Magic &lt;app&gt;')
    expect(mail!.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`)

    const landing = await follow(link)
    expect(landing.status).toBe(302)
    expect(landing.headers.get('cache-control')).toBe('no-store')
    expect(landing.headers.get('referrer-policy')).toBe('no-referrer')
    const location = new URL(landing.headers.get('location')!)
    expect(location.origin + location.pathname).toBe(redirectUrl)
    expect(location.searchParams.get('step')).toBe('done')
    expect(location.searchParams.get('next')).toBe('/wallet?x=1')
    expect(location.searchParams.get('orgId')).toBe(orgId)
    expect(location.searchParams.get('aa-is-signup')).toBe('true')
    const bundle = location.searchParams.get('bundle')!

    const session = await target.open(bundle)
    const stampedRequest = await stampRequest({ organizationId: orgId }, session)
    const whoami = await call('/v1/whoami', { stampedRequest })
    expect(await whoami.json()).toMatchObject({ email: 'ada@example.com', orgId, userId, address })
    const key = await server.store.db
      .selectFrom('api_keys')
      .select('credential_type')
      .where('user_id', '=', userId!)
      .executeTakeFirstOrThrow()
    expect(key.credential_type).toBe('CREDENTIAL_TYPE_EMAIL_AUTH_KEY_P256')
  })

  test('behavior: /v1/auth mails a link to an existing user; its landing has no aa-is-signup', async () => {
    await setUp()
    const target = createTargetKey()
    const { orgId } = (await (
      await call('/v1/signup', { email: 'ada@example.com', targetPublicKey: target.publicKey })
    ).json()) as { orgId: string }
    // The sign-up's link proves the email; only then does /v1/auth know it.
    expect((await follow(await readMailboxCode(server, 'ada@example.com'))).status).toBe(302)
    const auth = await call('/v1/auth', { email: 'ada@example.com', targetPublicKey: target.publicKey })
    expect(auth.status).toBe(200)
    expect(await auth.json()).toEqual({ orgId })
    const landing = await follow(await readMailboxCode(server, 'ada@example.com'))
    const location = new URL(landing.headers.get('location')!)
    expect(location.searchParams.get('orgId')).toBe(orgId)
    expect(location.searchParams.has('bundle')).toBe(true)
    expect(location.searchParams.has('aa-is-signup')).toBe(false)
  })

  test('error: a link for an email another account proved first lands with alchemy-error and no bundle', async () => {
    await setUp()
    const target = createTargetKey()
    const email = 'twice@example.com'
    const signup = async () =>
      (await (await call('/v1/signup', { email, targetPublicKey: target.publicKey })).json()) as {
        orgId: string
      }
    const first = await signup()
    const firstLink = await readMailboxCode(server, email)
    // A second unconfirmed account for the address, as a racing server instance could make it.
    const park = (value: string) =>
      server.store.db
        .updateTable('users')
        .set({ email: value })
        .where('organization_id', '=', first.orgId)
        .execute()
    await park('parked@example.com')
    const second = await signup()
    const secondLink = await readMailboxCode(server, email)
    await park(email)
    expect(second.orgId).not.toBe(first.orgId)

    const proven = new URL((await follow(firstLink)).headers.get('location')!)
    expect(proven.searchParams.get('orgId')).toBe(first.orgId)
    const landing = await follow(secondLink)
    expect(landing.status).toBe(302)
    const location = new URL(landing.headers.get('location')!)
    expect(location.origin + location.pathname).toBe(redirectUrl)
    expect(location.searchParams.get('alchemy-error')).toBe(
      'another account of this app has already proven this email; sign in with the email instead',
    )
    expect(location.searchParams.has('bundle')).toBe(false)
  })

  test('error: a used link redirects with alchemy-error and no bundle', async () => {
    await setUp()
    await call('/v1/signup', { email: 'ada@example.com', targetPublicKey: createTargetKey().publicKey })
    const link = await readMailboxCode(server, 'ada@example.com')
    expect((await follow(link)).status).toBe(302)
    const again = await follow(link)
    expect(again.status).toBe(302)
    const location = new URL(again.headers.get('location')!)
    expect(location.origin + location.pathname).toBe(redirectUrl)
    expect(location.searchParams.get('alchemy-error')).toBe(
      'this sign-in link was already used or has expired, ask for a new one',
    )
    expect(location.searchParams.has('bundle')).toBe(false)
  })

  test('error: a wrong token three times kills the link', async () => {
    await setUp()
    await call('/v1/signup', { email: 'ada@example.com', targetPublicKey: createTargetKey().publicKey })
    const link = new URL(await readMailboxCode(server, 'ada@example.com'))
    const wrong = new URL(link)
    wrong.searchParams.set('token', 'A'.repeat(43))
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await follow(wrong.toString())
      // The third wrong try kills the link, and says so.
      expect(new URL(response.headers.get('location')!).searchParams.get('alchemy-error')).toBe(
        attempt < 2
          ? 'invalid or expired sign-in link'
          : 'this sign-in link was already used or has expired, ask for a new one',
      )
    }
    const right = await follow(link.toString())
    const landed = new URL(right.headers.get('location')!)
    expect(landed.searchParams.has('bundle')).toBe(false)
    expect(landed.searchParams.get('alchemy-error')).toBe(
      'this sign-in link was already used or has expired, ask for a new one',
    )
  })

  test('error: an expired link fails', async () => {
    await setUp()
    await call('/v1/signup', { email: 'ada@example.com', targetPublicKey: createTargetKey().publicKey })
    const link = await readMailboxCode(server, 'ada@example.com')
    const start = Date.now()
    server.app.sigil.now = () => start + 301_000
    const location = new URL((await follow(link)).headers.get('location')!)
    expect(location.searchParams.get('alchemy-error')).toBe(
      'this sign-in link was already used or has expired, ask for a new one',
    )
  })

  test('error: an unknown link shows an HTML error page without details', async () => {
    await setUp()
    const response = await server.app.request('/signer/v1/magic-link?otpId=nope&token=nope')
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const html = await response.text()
    expect(html).toContain('Invalid or expired sign-in link.')
    expect(html).not.toMatch(/at \w+ \(|Error:/)
    expect((await server.app.request('/signer/v1/magic-link')).status).toBe(400)
  })

  test('error: an OTP code id is not a link', async () => {
    await setUp()
    const { otpId } = (await (
      await server.signer('/v1/signup', {
        email: 'ada@example.com',
        targetPublicKey: createTargetKey().publicKey,
      })
    ).json()) as { otpId: string }
    const code = await readMailboxCode(server, 'ada@example.com')
    const response = await server.app.request(`/signer/v1/magic-link?otpId=${otpId}&token=${code}`)
    expect(response.status).toBe(302)
    expect(new URL(response.headers.get('location')!).searchParams.get('alchemy-error')).toBe(
      'invalid or expired sign-in link',
    )
  })

  test('error: a magic-link app without a redirect URL cannot send links', async () => {
    server = await createTestServer(dialect)
    const bare = await createApp(server.store.db, {
      name: 'bare',
      origins: ['https://bare.example'],
      emailMode: 'magic-link',
      now: Date.now(),
    })
    const response = await server.signer(
      '/v1/signup',
      { email: 'ada@example.com', targetPublicKey: createTargetKey().publicKey },
      { authorization: `Bearer ${bare.apiKey}` },
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: 'magic-link sign-in needs a redirect URL on the app',
      code: 'REDIRECT_URL_MISSING',
    })
  })

  test('behavior: with a TOTP factor /v1/auth needs the code before it mails a link', async () => {
    await setUp()
    const target = createTargetKey()
    const { userId } = (await (
      await call('/v1/signup', { email: 'ada@example.com', targetPublicKey: target.publicKey })
    ).json()) as { userId: string }
    expect((await follow(await readMailboxCode(server, 'ada@example.com'))).status).toBe(302)
    const factor = await addVerifiedTotpFactor(server, userId)
    const sentBefore = (await server.store.db.selectFrom('dev_mail').selectAll().execute()).length

    const required = await call('/v1/auth', { email: 'ada@example.com', targetPublicKey: target.publicKey })
    expect(required.status).toBeGreaterThanOrEqual(400)
    expect(required.status).toBeLessThan(500)
    expect(((await required.json()) as { data: unknown }).data).toEqual({
      multiFactors: [{ multiFactorId: factor.multiFactorId, multiFactorType: 'totp' }],
    })
    // Signing up again does not get around the gate.
    const signupAgain = await call('/v1/signup', {
      email: 'ada@example.com',
      targetPublicKey: target.publicKey,
    })
    expect(((await signupAgain.json()) as { data?: unknown }).data).toBeDefined()

    const wrong = await call('/v1/auth', {
      email: 'ada@example.com',
      targetPublicKey: target.publicKey,
      multiFactors: [{ multiFactorId: factor.multiFactorId, multiFactorCode: await factor.code(5) }],
    })
    expect(await wrong.text()).toContain('Invalid MFA code')
    expect(await server.store.db.selectFrom('dev_mail').selectAll().execute()).toHaveLength(sentBefore)

    const passed = await call('/v1/auth', {
      email: 'ada@example.com',
      targetPublicKey: target.publicKey,
      multiFactors: [{ multiFactorId: factor.multiFactorId, multiFactorCode: await factor.code() }],
    })
    expect(passed.status).toBe(200)
    const landing = await follow(await readMailboxCode(server, 'ada@example.com'))
    expect(new URL(landing.headers.get('location')!).searchParams.has('bundle')).toBe(true)
  })
})
