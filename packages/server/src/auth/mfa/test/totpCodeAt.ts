import { generate } from 'otplib'

/**
 * The code an authenticator app shows at `timeMs` for the secret inside an `otpauth://totp/…` URL
 * (what the user would scan), computed independently with otplib's defaults (SHA-1, 6 digits, 30 s).
 *
 * @example
 * const code = await totpCodeAt(multiFactorTotpUrl, server.app.sigil.now())
 */
export async function totpCodeAt(otpauthUrl: string, timeMs: number): Promise<string> {
  const secret = new URL(otpauthUrl).searchParams.get('secret')
  if (!secret) throw new Error('otpauth URL has no secret')
  return generate({ secret, epoch: Math.floor(timeMs / 1000) })
}
