import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTargetKey } from '../../src/test/createTargetKey.js'
import type { TestKey } from '../../src/test/createTestServer.js'
import { type Answer, startTwoInstances, type TwoInstances } from './startTwoInstances.js'

/**
 * Issue 18, "several instances stay consistent": two `sigil-server start` processes on one PostgreSQL
 * schema and one Redis, every request through their real listeners. An email code is used once however
 * the two race for it; a rate limit's budget is one budget over both; a deleted API key or session stops
 * working on the other instance within milliseconds although both keep API keys in memory (the
 * LISTEN/NOTIFY channel, docs/deploy.md "Several instances"). Sponsorship budgets across two processes
 * are tested in test/security/sponsorBudgets.test.ts ("two server processes on one PostgreSQL race for
 * the last of a budget").
 */

const slow = { timeout: 120_000 }
/** The stated bound for a deletion to reach the other instance (docs/deploy.md): NOTIFY's delivery. */
const revocationBoundMs = 1000

let instances: TwoInstances
beforeAll(async () => {
  instances = await startTwoInstances()
}, 90_000)
afterAll(() => instances?.stop())

const json = (answer: Answer) => JSON.parse(answer.text) as Record<string, unknown>

/** Signs up `email` on `index` from `from`; answers the sub-organization, user and code id. */
async function signup(index: 0 | 1, email: string, target: { publicKey: string }, from: string) {
  const answer = await instances.signer(
    index,
    '/v1/signup',
    { email, targetPublicKey: target.publicKey },
    from,
  )
  expect(answer.status, answer.text).toBe(200)
  return json(answer) as { orgId: string; userId: string; otpId: string }
}

async function codeOf(email: string) {
  const mail = await instances.smtp.nextMail(email)
  const code = mail.text.match(/^\s+(\d{6})$/m)?.[1]
  expect(code).toMatch(/^\d{6}$/)
  return code!
}

const whoami = (index: 0 | 1, organizationId: string, key: TestKey) =>
  instances.post(index, '/public/v1/query/whoami', { organizationId }, { key })

/** Stamped requests to `index` until one is refused; answers how long that took. */
async function refusedWithin(index: 0 | 1, organizationId: string, key: TestKey) {
  const started = Date.now()
  for (;;) {
    const answer = await whoami(index, organizationId, key)
    if (answer.status === 401) {
      expect(json(answer)).toMatchObject({ details: [{ turnkeyErrorCode: 'PUBLIC_KEY_NOT_FOUND' }] })
      return Date.now() - started
    }
    expect(answer.status, answer.text).toBe(200)
    if (Date.now() - started > 5000) throw new Error('the deleted key still works after 5 s')
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
}

const deleteApiKeys = (
  index: 0 | 1,
  organizationId: string,
  userId: string,
  apiKeyIds: string[],
  key: TestKey,
) =>
  instances.post(
    index,
    '/public/v1/submit/delete_api_keys',
    {
      type: 'ACTIVITY_TYPE_DELETE_API_KEYS',
      timestampMs: String(Date.now()),
      organizationId,
      parameters: { userId, apiKeyIds },
    },
    { key },
  )

describe('two instances on one PostgreSQL and one Redis', slow, () => {
  let session: { organizationId: string; userId: string; key: TestKey } | undefined

  test('behavior: an email code is used once when both instances race for it (one session minted)', async () => {
    const from = instances.newClientAddress()
    const email = `race-${Date.now()}@example.com`
    const target = createTargetKey()
    const { orgId, userId, otpId } = await signup(0, email, target, from)
    const otpCode = await codeOf(email)
    const body = { orgId, otpId, otpCode, targetPublicKey: target.publicKey }
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, attempt) =>
        instances.signer((attempt % 2) as 0 | 1, '/v1/otp', body, from),
      ),
    )
    const won = answers.filter((answer) => answer.status === 200)
    expect(won).toHaveLength(1)
    for (const lost of answers.filter((answer) => answer.status !== 200)) {
      expect(lost.status, lost.text).toBe(400)
      // Used by the winner: a dead code, which the user replaces with a new one.
      expect(json(lost)).toEqual({ error: 'invalid OTP code', code: 'OTP_CODE_EXPIRED' })
    }
    const sessions = await instances.store.db
      .selectFrom('api_keys')
      .select('id')
      .where('user_id', '=', userId)
      .execute()
    expect(sessions).toHaveLength(1)
    const { credentialBundle } = json(won[0]!) as { credentialBundle: string }
    session = { organizationId: orgId, userId, key: await target.open(credentialBundle) }
  })

  test("error: a rate limit's budget is spent across both instances (Redis): the 4th sign-in mail is 429 on either", async () => {
    const from = instances.newClientAddress()
    const email = `limit-${Date.now()}@example.com`
    const target = createTargetKey()
    // Sign-in mail per address: 3 per 3 minutes. The sign-up's on the first instance, then alternating.
    const { orgId, otpId } = await signup(0, email, target, from)
    const otpCode = await codeOf(email)
    const signedIn = await instances.signer(
      0,
      '/v1/otp',
      { orgId, otpId, otpCode, targetPublicKey: target.publicKey },
      from,
    )
    expect(signedIn.status, signedIn.text).toBe(200)
    const auth = (index: 0 | 1) =>
      instances.signer(index, '/v1/auth', { email, targetPublicKey: target.publicKey }, from)
    expect((await auth(1)).status).toBe(200)
    expect((await auth(0)).status).toBe(200)
    for (const index of [1, 0] as const) {
      const refused = await auth(index)
      expect(refused.status, refused.text).toBe(429)
      expect(json(refused)).toEqual({
        error: 'too many sign-in emails for this address',
        code: 'RATE_LIMITED',
      })
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    }
  })

  test('error: an API key deleted through one instance is refused by the other within the bound, its cache warm', async () => {
    const { rootOrganizationId: organizationId, rootUserId: userId, rootKey } = instances
    const { key, apiKeyId } = await instances.addApiKey(organizationId, userId)
    for (let warm = 0; warm < 5; warm++) {
      expect((await whoami(1, organizationId, key)).status).toBe(200)
      expect((await whoami(0, organizationId, key)).status).toBe(200)
    }
    const deleted = await deleteApiKeys(0, organizationId, userId, [apiKeyId], rootKey)
    expect(deleted.status, deleted.text).toBe(200)
    expect(await refusedWithin(1, organizationId, key)).toBeLessThan(revocationBoundMs)
    expect((await whoami(0, organizationId, key)).status).toBe(401)
  })

  test('error: a session that deletes its own key (sign-out) on one instance is refused by the other within the bound', async () => {
    expect(session, 'the email-code test minted the session').toBeDefined()
    const { organizationId, userId, key } = session!
    for (let warm = 0; warm < 5; warm++) expect((await whoami(1, organizationId, key)).status).toBe(200)
    const [sessionKey] = await instances.store.db
      .selectFrom('api_keys')
      .select('id')
      .where('user_id', '=', userId)
      .execute()
    const deleted = await deleteApiKeys(0, organizationId, userId, [sessionKey!.id], key)
    expect(deleted.status, deleted.text).toBe(200)
    expect(await refusedWithin(1, organizationId, key)).toBeLessThan(revocationBoundMs)
  })
})
