import { randomUUID } from 'node:crypto'
import { exportJWK, exportSPKI, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose'

export type IssuerKey = {
  kid: string
  alg: string
  /** The public half as a JWK, with `kid`, `alg` and `use: sig`. */
  publicJwk: JWK
  /** The public half as a PEM (SPKI). */
  publicPem: string
  /**
   * Signs a JWT: `iss`, `aud`, `sub`, `iat`, `exp` (+5 min) and a fresh `jti` by default; `claims`
   * override them (`undefined` removes one).
   */
  sign(claims?: Record<string, unknown>, header?: Record<string, unknown>): Promise<string>
}

/**
 * A signing key of a test issuer (the app's backend), made with `jose`.
 *
 * @example
 * const key = await createIssuerKey({ issuer: 'https://auth.test', audience: 'sigil' })
 * const jwt = await key.sign({ sub: 'user-1' })
 */
export async function createIssuerKey({
  issuer,
  audience,
  alg = 'RS256',
  kid = randomUUID(),
  now = Date.now,
}: {
  issuer: string
  audience: string
  alg?: string
  kid?: string
  now?: () => number
}): Promise<IssuerKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true })
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' }
  return {
    kid,
    alg,
    publicJwk,
    publicPem: await exportSPKI(publicKey),
    async sign(claims = {}, header = {}) {
      const seconds = Math.floor(now() / 1000)
      const payload: Record<string, unknown> = {
        iss: issuer,
        aud: audience,
        sub: `user-${randomUUID()}`,
        iat: seconds,
        exp: seconds + 300,
        jti: randomUUID(),
        ...claims,
      }
      for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name]
      return new SignJWT(payload as JWTPayload)
        .setProtectedHeader({ alg, kid, typ: 'JWT', ...header })
        .sign(privateKey)
    },
  }
}
