import type { Insertable, Transaction } from 'kysely'
import type { z } from 'zod'
import { ApiError } from '../../http/errors/ApiError.js'
import { createId } from '../../ids/createId.js'
import { isUniqueViolation } from '../../store/isUniqueViolation.js'
import type { ApiKeyTable, Database } from '../../store/schema.js'
import { authenticationErrors } from '../auth/authenticationErrors.js'
import type { apiKeyParamsSchema } from './apiKeySchemas.js'
import { normalizeApiPublicKey } from './normalizeApiPublicKey.js'

const credentialTypes = {
  API_KEY_CURVE_P256: 'CREDENTIAL_TYPE_API_KEY_P256',
  API_KEY_CURVE_SECP256K1: 'CREDENTIAL_TYPE_API_KEY_SECP256K1',
  API_KEY_CURVE_ED25519: 'CREDENTIAL_TYPE_API_KEY_ED25519',
} as const

/** At most this many expiring keys per user; older ones are evicted (expired first, then oldest). */
export const maxExpiringKeysPerUser = 10

export type PrepareApiKeysParameters = {
  organizationId: string
  userId: string
  apiKeys: z.output<typeof apiKeyParamsSchema>[]
  now: number
  /** Overrides the credential type derived from the curve (session keys). */
  credentialType?: string
  /**
   * Latest expiry (epoch ms) a key may get: the stamping session's. A key without expiry or with a
   * later one gets this instead (whole seconds, never past it); stored and returned as it is.
   */
  expiresAtMost?: number | undefined
}

/** The key is live for another user (or in another organization): one row per public key server-wide. */
export const publicKeyAlreadyRegistered = (cause?: unknown) =>
  new ApiError('ALREADY_EXISTS', 'this public key is already registered to another user', {
    errorCode: 'PUBLIC_KEY_ALREADY_REGISTERED',
    cause,
  })

/** The `expirationSeconds` a key gets: the requested one, capped at `expiresAtMost`. */
function capExpirationSeconds(requested: string | undefined, now: number, expiresAtMost?: number) {
  if (expiresAtMost === undefined) return requested
  const remaining = Math.floor((expiresAtMost - now) / 1000)
  if (remaining < 1) throw authenticationErrors.expiredApiKey()
  return requested !== undefined && Number(requested) <= remaining ? requested : String(remaining)
}

/**
 * Validates API keys and returns their ids, the keys as they will be stored (`expirationSeconds`
 * capped by `expiresAtMost`) and the write that stores them (evicting a user's
 * oldest expiring keys beyond {@link maxExpiringKeysPerUser}). In a running server, run the write through
 * `ctx.apiKeyCache.writing` (it may delete keys).
 *
 * A public key has one row server-wide (unique index on `public_key, curve_type`), so a stamp names one
 * principal. The write first deletes the key's earlier row when it is dead (expired) or the same user's
 * (a re-registration: it is replaced); a row live for anyone else makes the insert fail, and the write
 * throws `PUBLIC_KEY_ALREADY_REGISTERED` (409). The index decides, so two concurrent writes of one key
 * cannot both succeed. A P-256 key that is a passkey's public key in another organization is refused too
 * (a look-up: the tables share no index).
 *
 * @example
 * const { apiKeyIds, write } = prepareApiKeys({ organizationId, userId, apiKeys, now })
 */
export function prepareApiKeys({
  organizationId,
  userId,
  apiKeys,
  now,
  credentialType,
  expiresAtMost,
}: PrepareApiKeysParameters) {
  const stored = apiKeys.map((apiKey) => {
    const expirationSeconds = capExpirationSeconds(apiKey.expirationSeconds, now, expiresAtMost)
    return { ...apiKey, ...(expirationSeconds === undefined ? {} : { expirationSeconds }) }
  })
  const rows: Insertable<ApiKeyTable>[] = stored.map((apiKey) => ({
    id: createId(),
    organization_id: organizationId,
    user_id: userId,
    name: apiKey.apiKeyName,
    public_key: normalizeApiPublicKey(apiKey.curveType, apiKey.publicKey),
    curve_type: apiKey.curveType,
    credential_type: credentialType ?? credentialTypes[apiKey.curveType],
    expiration_seconds: apiKey.expirationSeconds ?? null,
    expires_at: apiKey.expirationSeconds ? now + Number(apiKey.expirationSeconds) * 1000 : null,
    created_at: now,
    updated_at: now,
  }))
  const keys = rows.map((row) => `${row.curve_type}:${row.public_key}`)
  if (new Set(keys).size < keys.length)
    throw new ApiError('INVALID_ARGUMENT', 'the same public key is given twice', {
      errorCode: 'REQUEST_INVALID',
      fieldViolations: [{ field: 'apiKeys', description: 'public keys must be distinct' }],
    })
  const p256Keys = rows.filter((row) => row.curve_type === 'API_KEY_CURVE_P256').map((row) => row.public_key)
  return {
    apiKeyIds: rows.map((row) => row.id),
    apiKeys: stored,
    async write(trx: Transaction<Database>) {
      if (rows.length === 0) return
      await trx
        .deleteFrom('api_keys')
        .where((eb) =>
          eb.and([
            eb.or(
              rows.map((row) =>
                eb.and([eb('public_key', '=', row.public_key), eb('curve_type', '=', row.curve_type)]),
              ),
            ),
            eb.or([
              eb.and([eb('expires_at', 'is not', null), eb('expires_at', '<=', now)]),
              eb.and([eb('organization_id', '=', organizationId), eb('user_id', '=', userId)]),
            ]),
          ]),
        )
        .execute()
      if (p256Keys.length > 0) {
        const passkey = await trx
          .selectFrom('authenticators')
          .select('id')
          .where('public_key', 'in', p256Keys)
          .where('organization_id', '!=', organizationId)
          .executeTakeFirst()
        if (passkey) throw publicKeyAlreadyRegistered()
      }
      try {
        await trx.insertInto('api_keys').values(rows).execute()
      } catch (error) {
        if (isUniqueViolation(error)) throw publicKeyAlreadyRegistered(error)
        throw error
      }
      if (!rows.some((row) => row.expires_at !== null)) return
      const expiring = await trx
        .selectFrom('api_keys')
        .select(['id', 'expires_at'])
        .where('user_id', '=', userId)
        .where('expires_at', 'is not', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
      const live = expiring.filter((row) => Number(row.expires_at) > now)
      const evict = [
        ...expiring.filter((row) => Number(row.expires_at) <= now),
        ...live.slice(maxExpiringKeysPerUser),
      ].map((row) => row.id)
      if (evict.length > 0) await trx.deleteFrom('api_keys').where('id', 'in', evict).execute()
    },
  }
}
