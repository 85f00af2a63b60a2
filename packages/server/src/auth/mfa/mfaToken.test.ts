import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiError } from '../../http/errors/ApiError.js'
import { storeDialects } from '../../store/test/storeDialects.js'
import { createTestServer, type TestServer } from '../../test/createTestServer.js'
import type { MfaTokenPayload } from './MfaTokenPayload.js'
import { openMfaToken } from './openMfaToken.js'
import { readMfaToken } from './readMfaToken.js'
import { sealMfaToken } from './sealMfaToken.js'
import { createTestClock } from './test/createTestClock.js'

/** The MFA token (`encryptedPayload`): sealed, expiring, single use. */

const payload: MfaTokenPayload = {
  organizationId: 'org-1',
  userId: 'user-1',
  targetPublicKey: `04${'ab'.repeat(64)}`,
  expirationSeconds: 900,
  credentialType: 'CREDENTIAL_TYPE_OTP_AUTH_KEY_P256',
}

const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  return error instanceof ApiError
    ? { status: error.status, error: error.shortMessage, code: error.errorCode }
    : error
}
const invalidToken = { status: 401, error: 'invalid or expired MFA token', code: 'INVALID_MFA_TOKEN' }

describe.each(storeDialects)('MFA tokens on %s', (dialect) => {
  const clock = createTestClock()
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(dialect, { now: clock.now })
  })
  afterAll(() => server.cleanup())

  test('default: seal → open gives the payload back, once', async () => {
    const ctx = server.app.sigil
    const token = sealMfaToken(ctx, payload)
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(token).not.toContain('user-1')
    expect(await openMfaToken(ctx, token)).toEqual(payload)
    expect(await refusal(openMfaToken(ctx, token))).toEqual(invalidToken)
  })

  test('behavior: each token is distinct and reading does not use it up', async () => {
    const ctx = server.app.sigil
    const { expirationSeconds: _, ...withoutExpiration } = payload
    const first = sealMfaToken(ctx, withoutExpiration)
    expect(sealMfaToken(ctx, withoutExpiration)).not.toBe(first)
    const read = await readMfaToken(ctx, first)
    expect(read.payload).toEqual(withoutExpiration)
    expect(read.expiresAt).toBe(Math.floor(read.expiresAt))
    expect(await openMfaToken(ctx, first)).toEqual(withoutExpiration)
  })

  test('error: concurrent opens of one token: exactly one succeeds', async () => {
    const ctx = server.app.sigil
    const token = sealMfaToken(ctx, payload)
    const results = await Promise.all(Array.from({ length: 8 }, () => refusal(openMfaToken(ctx, token))))
    expect(results.filter((result) => result === undefined)).toHaveLength(1)
    expect(results.filter((result) => result !== undefined)).toEqual(Array(7).fill(invalidToken))
  })

  test('error: an expired token is refused', async () => {
    const ctx = server.app.sigil
    const token = sealMfaToken(ctx, payload)
    clock.advance(5 * 60_000 - 1000)
    await expect(readMfaToken(ctx, token)).resolves.toMatchObject({ payload })
    clock.advance(1000)
    expect(await refusal(openMfaToken(ctx, token))).toEqual(invalidToken)
  })

  test('error: a token sealed by another server (master key) is refused', async () => {
    const other = await createTestServer(dialect, { masterKey: '7a'.repeat(32) })
    try {
      const foreign = sealMfaToken(other.app.sigil, payload)
      expect(await refusal(openMfaToken(server.app.sigil, foreign))).toEqual(invalidToken)
    } finally {
      await other.cleanup()
    }
  })
})
