import type { TestServer } from '../../../test/createTestServer.js'
import type { MfaTestUser } from './createMfaTestUser.js'
import type { createTestClock } from './createTestClock.js'
import { totpCodeAt } from './totpCodeAt.js'

/**
 * Enrols a verified TOTP factor for `user` through the routes (request, then verify with the
 * current code), then moves the clock one step on so the next code is not a replay.
 *
 * @example
 * const { multiFactorId, multiFactorTotpUrl } = await enrollTestFactor(server, clock, user)
 */
export async function enrollTestFactor(
  server: TestServer,
  clock: ReturnType<typeof createTestClock>,
  user: MfaTestUser,
): Promise<{ multiFactorId: string; multiFactorTotpUrl: string }> {
  const requested = await server.signer('/v1/auth-request-multi-factor', {
    stampedRequest: await user.stamp('add_mfa'),
    multiFactorType: 'totp',
  })
  if (requested.status !== 200)
    throw new Error(`request-multi-factor: ${requested.status} ${await requested.text()}`)
  const { multiFactorId, multiFactorTotpUrl } = (await requested.json()) as {
    multiFactorId: string
    multiFactorTotpUrl: string
  }
  const verified = await server.signer('/v1/auth-verify-multi-factor', {
    stampedRequest: await user.stamp('verify_mfa'),
    multiFactorId,
    multiFactorCode: await totpCodeAt(multiFactorTotpUrl, clock.now()),
  })
  if (verified.status !== 200)
    throw new Error(`verify-multi-factor: ${verified.status} ${await verified.text()}`)
  clock.advance(30_000)
  return { multiFactorId, multiFactorTotpUrl }
}
