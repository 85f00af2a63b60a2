import { generate } from 'otplib'
import type { TestServer } from '../../../test/createTestServer.js'
import { enrollTotpFactor } from '../../mfa/enrollTotpFactor.js'
import { totpOptions } from '../../mfa/totpOptions.js'

/**
 * Fixture: gives a user a verified TOTP factor (enrolled through the MFA module, marked verified in
 * the store) and returns a function that computes its code at the server's clock.
 *
 * @example
 * const factor = await addVerifiedTotpFactor(server, userId)
 * const multiFactors = [{ multiFactorId: factor.multiFactorId, multiFactorCode: await factor.code() }]
 */
export async function addVerifiedTotpFactor(server: TestServer, userId: string) {
  const ctx = server.app.sigil
  const { multiFactorId, multiFactorTotpUrl } = await enrollTotpFactor(ctx, {
    userId,
    issuer: 'test app',
    label: userId,
  })
  await server.store.db
    .updateTable('mfa_factors')
    .set({ verified: 1 })
    .where('id', '=', multiFactorId)
    .execute()
  const secret = new URL(multiFactorTotpUrl).searchParams.get('secret')!
  return {
    multiFactorId,
    code: (offsetSteps = 0) =>
      generate({
        ...totpOptions,
        secret,
        epoch: Math.floor(ctx.now() / 1000) + offsetSteps * totpOptions.period,
      }),
  }
}
