import { createPublicKey } from 'node:crypto'
import { z } from 'zod'
import { defaultJwtAlgorithms, jwtAlgorithms } from './JwtIssuer.js'

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

/** A JWKS URL: https, or http on a loopback host (local development and tests). */
const jwksUrlSchema = z
  .string()
  .max(2048)
  .url('jwksUrl must be a URL')
  .refine((text) => {
    const url = new URL(text)
    return url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname))
  }, 'jwksUrl must be https (http only on localhost)')

/** A PEM (SPKI) or JWK public key, asymmetric; a private or symmetric key is refused. */
const publicKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(16_384)
  .superRefine((text, context) => {
    let jwk: Record<string, unknown> | undefined
    if (text.startsWith('{')) {
      try {
        jwk = JSON.parse(text) as Record<string, unknown>
      } catch {
        context.addIssue({ code: 'custom', message: 'publicKey is neither a PEM nor a JSON JWK' })
        return
      }
    }
    if (jwk ? 'd' in jwk || jwk.kty === 'oct' : /PRIVATE KEY/.test(text)) {
      context.addIssue({
        code: 'custom',
        message:
          'publicKey must be a public key (PEM "PUBLIC KEY" or a JWK without "d"), not a private or shared secret',
      })
      return
    }
    try {
      const key = createPublicKey(jwk ? { key: jwk as never, format: 'jwk' } : text)
      if (key.type !== 'public') throw new Error('not public')
    } catch {
      context.addIssue({
        code: 'custom',
        message: 'publicKey is not a valid PEM (BEGIN PUBLIC KEY) or JWK public key',
      })
    }
  })

/**
 * An issuer registration for an app (CLI `sigil-server app jwt-issuer add`, `addJwtIssuer`): where its
 * keys are (exactly one of `jwksUrl` and `publicKey`), the audience, the claim naming the user and the
 * allowed algorithms (asymmetric only; default RS256 and ES256).
 */
export const jwtIssuerSchema = z
  .object({
    issuer: z.string().trim().min(1, 'issuer is required').max(512),
    jwksUrl: jwksUrlSchema.optional(),
    publicKey: publicKeySchema.optional(),
    audience: z.string().trim().min(1, 'audience is required').max(512),
    userClaim: z
      .string()
      .regex(/^[A-Za-z0-9_:.\-/]{1,128}$/, 'userClaim must be a claim name')
      .default('sub'),
    algorithms: z
      .array(
        z.enum(jwtAlgorithms, {
          error: `algorithms must be among ${jwtAlgorithms.join(', ')} (no none, no HMAC)`,
        }),
      )
      .min(1)
      .max(jwtAlgorithms.length)
      .default(defaultJwtAlgorithms),
  })
  .strict()
  .refine((value) => (value.jwksUrl === undefined) !== (value.publicKey === undefined), {
    message: 'give exactly one of jwksUrl and publicKey',
  })

export type JwtIssuerInput = z.input<typeof jwtIssuerSchema>
