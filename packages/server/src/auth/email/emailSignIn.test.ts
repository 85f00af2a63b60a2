import { afterEach, describe, expect, test } from 'vitest'
import { storeDialects } from '../../store/test/storeDialects.js'
import { createTargetKey, stampRequest } from '../../test/createTargetKey.js'
import { createTestServer, type TestServer } from '../../test/createTestServer.js'
import { addVerifiedTotpFactor } from './test/addVerifiedTotpFactor.js'
import { readMailboxCode } from './test/readMailboxCode.js'
import { startTestSmtpServer, type TestSmtpServer } from './test/startTestSmtpServer.js'

/** Email-code sign-in end to end: signup or /v1/auth → the mail → /v1/otp → bundle → stamped whoami. */

type SignupAnswer = { orgId: string; userId?: string; address?: string; otpId?: string }

describe.each(storeDialects)('email code sign-in on %s', (dialect) => {
  let server: TestServer | undefined
  let smtp: TestSmtpServer | undefined
  afterEach(async () => {
    await server?.cleanup()
    await smtp?.close()
    server = undefined
    smtp = undefined
  })

  const whoami = async (
    test: TestServer,
    bundle: string,
    target: ReturnType<typeof createTargetKey>,
    orgId: string,
  ) => {
    const session = await target.open(bundle)
    const stampedRequest = await stampRequest({ organizationId: orgId }, session)
    const response = await test.signer('/v1/whoami', { stampedRequest })
    expect(response.status).toBe(200)
    return response.json()
  }

  test('default: the code arrives over real SMTP, /v1/otp answers a bundle, whoami knows the user', async () => {
    smtp = await startTestSmtpServer()
    server = await createTestServer(dialect, { smtpUrl: smtp.url, devMailbox: false })
    const target = createTargetKey()

    const signup = await server.signer('/v1/signup', {
      email: 'Ada@Example.com',
      targetPublicKey: target.publicKey,
    })
    expect(signup.status).toBe(200)
    expect(signup.headers.get('cache-control')).toBe('no-store')
    const { orgId, userId, address, otpId } = (await signup.json()) as SignupAnswer
    expect(orgId).toMatch(/^[0-9a-f-]{36}$/)
    expect(otpId).toMatch(/^[0-9a-f-]{36}$/)
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)

    const mail = await smtp.nextMail('ada@example.com')
    expect(mail.to).toEqual(['ada@example.com'])
    expect(mail.subject).toBe('Your sign-in code for test app')
    const code = mail.text.match(/^\s+(\d{6})$/m)?.[1]
    expect(code).toMatch(/^\d{6}$/)
    expect(mail.text).toContain('expires in 5 minutes')
    expect(mail.text).toContain("If you didn't ask to sign in")
    expect(mail.html).toContain(`>${code}</p>`)
    expect(mail.html).toContain('font-size:36px')

    // At rest only a keyed hash: neither the code nor a plain hash of it is stored.
    const row = await server.store.db
      .selectFrom('email_codes')
      .selectAll()
      .where('id', '=', otpId!)
      .executeTakeFirstOrThrow()
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(row)).not.toContain(code)
    expect(await server.store.db.selectFrom('dev_mail').selectAll().execute()).toEqual([])

    const otp = await server.signer('/v1/otp', {
      orgId,
      otpId,
      otpCode: code,
      targetPublicKey: target.publicKey,
    })
    expect(otp.status).toBe(200)
    expect(otp.headers.get('cache-control')).toBe('no-store')
    const answer = (await otp.json()) as { status: string; credentialBundle: string }
    expect(answer.status).toBe('SUCCESS')

    expect(await whoami(server, answer.credentialBundle, target, orgId)).toEqual({
      email: 'ada@example.com',
      orgId,
      userId,
      address,
      solanaAddress: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
    })
    // With SMTP configured there is no dev mailbox.
    expect((await server.app.request('/dev/mailbox.json')).status).toBe(404)
  })

  test('behavior: in dev mode the code is read from /dev/mailbox.json', async () => {
    server = await createTestServer(dialect, { devMailbox: true })
    const target = createTargetKey()
    const { orgId, otpId } = (await (
      await server.signer('/v1/signup', { email: 'grace@example.com', targetPublicKey: target.publicKey })
    ).json()) as SignupAnswer
    const otpCode = await readMailboxCode(server, 'grace@example.com')
    expect(otpCode).toMatch(/^\d{6}$/)
    const otp = await server.signer('/v1/otp', { orgId, otpId, otpCode, targetPublicKey: target.publicKey })
    const { credentialBundle } = (await otp.json()) as { credentialBundle: string }
    expect(await whoami(server, credentialBundle, target, orgId)).toMatchObject({
      email: 'grace@example.com',
      orgId,
    })
  })

  /** Uses the sign-up's mailed code, which proves the email. */
  const confirm = async (test: TestServer, email: string, answer: SignupAnswer) => {
    const otp = await test.signer('/v1/otp', {
      orgId: answer.orgId,
      otpId: answer.otpId,
      otpCode: await readMailboxCode(test, email),
      targetPublicKey: createTargetKey().publicKey,
    })
    expect(otp.status).toBe(200)
  }

  test('behavior: an existing user signs in with /v1/auth; the session is sealed to the key of /v1/otp', async () => {
    server = await createTestServer(dialect)
    const first = createTargetKey()
    const signedUp = (await (
      await server.signer('/v1/signup', { email: 'alan@example.com', targetPublicKey: first.publicKey })
    ).json()) as SignupAnswer
    await confirm(server, 'alan@example.com', signedUp)

    const target = createTargetKey()
    const auth = await server.signer('/v1/auth', {
      email: 'ALAN@example.com',
      targetPublicKey: first.publicKey,
      expirationSeconds: 600,
    })
    expect(auth.status).toBe(200)
    const { orgId, otpId } = (await auth.json()) as { orgId: string; otpId: string }
    expect(orgId).toBe(signedUp.orgId)
    expect(otpId).not.toBe(signedUp.otpId)

    const otpCode = await readMailboxCode(server, 'alan@example.com')
    const otp = await server.signer('/v1/otp', { orgId, otpId, otpCode, targetPublicKey: target.publicKey })
    const { credentialBundle } = (await otp.json()) as { credentialBundle: string }
    // Sealed to this request's key, not the one /v1/auth named.
    await expect(first.open(credentialBundle)).rejects.toThrow()
    expect(await whoami(server, credentialBundle, target, orgId)).toMatchObject({
      orgId,
      userId: signedUp.userId,
      address: signedUp.address,
    })
    const key = await server.store.db
      .selectFrom('api_keys')
      .select(['credential_type', 'expiration_seconds'])
      .where('user_id', '=', signedUp.userId!)
      .where('expiration_seconds', '=', '600')
      .executeTakeFirstOrThrow()
    expect(key).toEqual({ credential_type: 'CREDENTIAL_TYPE_OTP_AUTH_KEY_P256', expiration_seconds: '600' })
  })

  test('behavior: a user with a TOTP factor gets MFA_REQUIRED, or signs in at once with multiFactors', async () => {
    server = await createTestServer(dialect)
    const target = createTargetKey()
    const signup = async (path: '/v1/signup' | '/v1/auth') => {
      const { orgId, otpId } = (await (
        await server!.signer(path, { email: 'ada@example.com', targetPublicKey: target.publicKey })
      ).json()) as { orgId: string; otpId: string }
      return {
        orgId,
        otpId,
        otpCode: await readMailboxCode(server!, 'ada@example.com'),
        targetPublicKey: target.publicKey,
      }
    }
    const first = await signup('/v1/signup')
    const { userId } = (await server.store.db
      .selectFrom('users')
      .select('id as userId')
      .where('organization_id', '=', first.orgId)
      .executeTakeFirstOrThrow()) as { userId: string }
    const factor = await addVerifiedTotpFactor(server, userId)

    const required = await server.signer('/v1/otp', first)
    expect(required.status).toBe(200)
    const pending = (await required.json()) as Record<string, unknown>
    expect(pending).toEqual({
      status: 'MFA_REQUIRED',
      encryptedPayload: expect.any(String),
      multiFactors: [{ multiFactorId: factor.multiFactorId, multiFactorType: 'totp' }],
    })
    expect(pending.credentialBundle).toBeUndefined()
    // The code is spent: the pending login lives on only in encryptedPayload.
    expect((await server.signer('/v1/otp', first)).status).toBe(400)
    const validated = await server.signer('/v1/auth-validate-multi-factors', {
      encryptedPayload: pending.encryptedPayload,
      multiFactors: [{ multiFactorId: factor.multiFactorId, multiFactorCode: await factor.code(-1) }],
    })
    expect(validated.status).toBe(200)
    const { payload } = (await validated.json()) as { payload: { credentialBundle: string } }
    expect(await whoami(server, payload.credentialBundle, target, first.orgId)).toMatchObject({ userId })

    const second = await signup('/v1/auth')
    const wrong = await server.signer('/v1/otp', {
      ...second,
      multiFactors: [{ multiFactorId: factor.multiFactorId, multiFactorCode: await factor.code(5) }],
    })
    expect(await wrong.text()).toContain('Invalid MFA code')

    const third = await signup('/v1/auth')
    const passed = await server.signer('/v1/otp', {
      ...third,
      multiFactors: [{ multiFactorId: factor.multiFactorId, multiFactorCode: await factor.code() }],
    })
    const { status, credentialBundle } = (await passed.json()) as { status: string; credentialBundle: string }
    expect(status).toBe('SUCCESS')
    expect(await whoami(server, credentialBundle, target, third.orgId)).toMatchObject({ userId })
  })

  test('behavior: signing up again with a known email sends a new code for the same organization', async () => {
    server = await createTestServer(dialect)
    const target = createTargetKey()
    const body = { email: 'ada@example.com', targetPublicKey: target.publicKey, emailMode: 'magicLink' }
    const first = (await (await server.signer('/v1/signup', body)).json()) as SignupAnswer
    const second = await server.signer('/v1/signup', body)
    expect(second.status).toBe(200)
    const again = (await second.json()) as SignupAnswer
    // The app's mode (OTP) wins over the deprecated emailMode; the wallet address is not given out again.
    expect(again).toEqual({ orgId: first.orgId, otpId: expect.any(String) })
    expect(again.otpId).not.toBe(first.otpId)
    const users = await server.store.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'ada@example.com')
      .execute()
    expect(users).toHaveLength(1)
  })

  test('behavior: an unconfirmed email sign-up account is taken over by the next one; a passkey account with the email never is', async () => {
    server = await createTestServer(dialect)
    const email = 'later@example.com'
    const target = createTargetKey()
    const first = (await (
      await server.signer('/v1/signup', { email, targetPublicKey: target.publicKey })
    ).json()) as SignupAnswer
    // Never confirmed and without any credential: the next sign-up mails a code for the same account.
    const second = (await (
      await server.signer('/v1/signup', { email, targetPublicKey: target.publicKey })
    ).json()) as SignupAnswer
    expect(second).toEqual({ orgId: first.orgId, otpId: expect.any(String) })

    // The same account with a credential (a key in it) is not taken over: a new account is made.
    await server.addApiKey({ organizationId: first.orgId, userId: first.userId! })
    const third = (await (
      await server.signer('/v1/signup', { email, targetPublicKey: target.publicKey })
    ).json()) as SignupAnswer
    expect(third.orgId).not.toBe(first.orgId)
    expect(third.userId).toEqual(expect.any(String))
    await confirm(server, email, third)
    expect(await (await server.signer('/v1/lookup', { email })).json()).toEqual({ orgId: third.orgId })
  })

  test('behavior: concurrent sign-ups of one email create one account', async () => {
    server = await createTestServer(dialect)
    const target = createTargetKey()
    const answers = await Promise.all(
      [1, 2, 3].map(async () =>
        (
          await server!.signer('/v1/signup', { email: 'race@example.com', targetPublicKey: target.publicKey })
        ).json(),
      ),
    )
    expect(new Set(answers.map((answer) => (answer as SignupAnswer).orgId)).size).toBe(1)
  })

  test('behavior: /v1/lookup answers null for an unknown or unconfirmed email, then the orgId once proven', async () => {
    server = await createTestServer(dialect)
    const unknown = await server.signer('/v1/lookup', { email: 'nobody@example.com' })
    expect(await unknown.json()).toEqual({ orgId: null })
    const signedUp = (await (
      await server.signer('/v1/signup', {
        email: 'nobody@example.com',
        targetPublicKey: createTargetKey().publicKey,
      })
    ).json()) as SignupAnswer
    const unconfirmed = await server.signer('/v1/lookup', { email: 'nobody@example.com' })
    expect(await unconfirmed.json()).toEqual({ orgId: null })
    expect(
      (
        await server.signer('/v1/auth', {
          email: 'nobody@example.com',
          targetPublicKey: createTargetKey().publicKey,
        })
      ).status,
    ).toBe(404)
    await confirm(server, 'nobody@example.com', signedUp)
    const known = await server.signer('/v1/lookup', { email: 'Nobody@Example.com' })
    expect(await known.json()).toEqual({ orgId: signedUp.orgId })
  })

  test('error: /v1/auth for an unknown email is 404 user not found', async () => {
    server = await createTestServer(dialect)
    const response = await server.signer('/v1/auth', {
      email: 'nobody@example.com',
      targetPublicKey: createTargetKey().publicKey,
    })
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ error: 'user not found', code: 'USER_NOT_FOUND' })
    expect(await server.store.db.selectFrom('dev_mail').selectAll().execute()).toEqual([])
  })

  test('error: an SMTP server that cannot be reached answers 500 without details', async () => {
    smtp = await startTestSmtpServer()
    const url = smtp.url
    await smtp.close()
    smtp = undefined
    server = await createTestServer(dialect, { smtpUrl: url, devMailbox: false })
    const response = await server.signer('/v1/signup', {
      email: 'ada@example.com',
      targetPublicKey: createTargetKey().publicKey,
    })
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({
      error: 'could not send the sign-in email',
      code: 'EMAIL_NOT_SENT',
    })
  })
})
