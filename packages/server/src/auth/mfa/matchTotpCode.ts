import { verify } from 'otplib'
import type { SigilContext } from '../../SigilContext.js'
import { totpOptions } from './totpOptions.js'

export type MatchTotpCodeParameters = {
  factorId: string
  /** Vault envelope of the factor's base32 secret (aad `mfa_factor:<id>`). */
  sealedSecret: string
  code: string
}

/**
 * Checks a 6-digit code against a factor's secret at the server clock, ±1 step, and returns the
 * time step it belongs to (or undefined when it matches none). It does not record the step: pair it
 * with {@link acceptTotpStep} so a code is accepted only once.
 *
 * @example
 * const step = await matchTotpCode(ctx, { factorId: row.id, sealedSecret: row.sealed_secret, code: '123456' })
 */
export async function matchTotpCode(
  ctx: SigilContext,
  parameters: MatchTotpCodeParameters,
): Promise<number | undefined> {
  if (!/^\d{6}$/.test(parameters.code)) return undefined
  const secretBytes = ctx.vault.open(parameters.sealedSecret, `mfa_factor:${parameters.factorId}`)
  try {
    const epoch = Math.floor(ctx.now() / 1000)
    const result = await verify({
      ...totpOptions,
      secret: new TextDecoder().decode(secretBytes),
      token: parameters.code,
      epoch,
    })
    // `delta` is the matched step relative to the current one (-1, 0 or +1).
    return result.valid ? Math.floor(epoch / totpOptions.period) + result.delta : undefined
  } finally {
    secretBytes.fill(0)
  }
}
