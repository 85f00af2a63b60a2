import { InvalidStampError, parseApiKeyStamp } from '@sigil/protocol'
import type { SigilContext } from '../../SigilContext.js'
import { prepareQuery } from '../../store/prepareQuery.js'
import { queryParameter } from '../../store/queryParameter.js'
import { authenticationErrors } from './authenticationErrors.js'
import type { Principal } from './Principal.js'
import { verifyApiKeyStampCached } from './verifyApiKeyStampCached.js'

const schemeCurves = {
  SIGNATURE_SCHEME_TK_API_P256: 'API_KEY_CURVE_P256',
  SIGNATURE_SCHEME_TK_API_SECP256K1: 'API_KEY_CURVE_SECP256K1',
  SIGNATURE_SCHEME_TK_API_ED25519: 'API_KEY_CURVE_ED25519',
} as const

const findApiKeysByPublicKey = prepareQuery((db) =>
  db
    .selectFrom('api_keys')
    .select(['id', 'organization_id', 'user_id', 'credential_type', 'expires_at', 'curve_type'])
    .where('public_key', '=', queryParameter(0))
    .where('curve_type', '=', queryParameter(1)),
)

/**
 * Checks an `X-Stamp` header against the exact body and returns every live principal whose API key it is:
 * one, except for a key registered in several organizations by its own holder (Turnkey's delegated
 * access: migration 0015's index is unique per organization, and `prepareApiKeys` lets a key into a second
 * organization only when the request that adds it is stamped by that key). `authenticateRequest` then
 * picks the one row the request's organization names, or refuses. Refuses unknown keys, bad signatures and
 * expired keys with 401.
 *
 * @example
 * const principals = await authenticateApiKeyStamp(ctx, { header, body: raw })
 */
export async function authenticateApiKeyStamp(
  ctx: SigilContext,
  { header, body }: { header: string; body: string },
): Promise<Principal[]> {
  let stamp: ReturnType<typeof parseApiKeyStamp>
  try {
    stamp = parseApiKeyStamp(header)
  } catch (cause) {
    throw authenticationErrors.malformedStamp(
      cause instanceof InvalidStampError ? cause.details : undefined,
      cause,
    )
  }
  const publicKey = stamp.publicKey.toLowerCase()
  const curve = schemeCurves[stamp.scheme]
  // Cached until a write of API keys (see createApiKeyCache); expiry is checked below on every use.
  const rows = await ctx.apiKeyCache.read(`${curve}:${publicKey}`, () =>
    findApiKeysByPublicKey(ctx.store, [publicKey, curve]),
  )
  if (rows.length === 0) throw authenticationErrors.publicKeyNotFound()
  let verified: boolean
  try {
    verified = await verifyApiKeyStampCached(ctx.verifyKeyCache, { body, stamp })
  } catch (cause) {
    // A signature that is not DER, or a key that is not a point: the client's stamp, not our failure.
    if (!(cause instanceof InvalidStampError)) throw cause
    throw authenticationErrors.malformedStamp(cause.details, cause)
  }
  if (!verified) throw authenticationErrors.badApiKeySignature()
  const now = ctx.now()
  const live = rows.filter((row) => row.expires_at === null || Number(row.expires_at) > now)
  if (live.length === 0) throw authenticationErrors.expiredApiKey()
  return live.map(
    (row): Principal => ({
      userId: row.user_id,
      organizationId: row.organization_id,
      credential: {
        kind: 'apiKey',
        apiKeyId: row.id,
        publicKey,
        curveType: row.curve_type,
        credentialType: row.credential_type,
        expiresAt: row.expires_at === null ? null : Number(row.expires_at),
      },
    }),
  )
}
