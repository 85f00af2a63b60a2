import type { Insertable, Transaction } from 'kysely'
import type { z } from 'zod'
import { createId } from '../../ids/createId.js'
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
  return {
    apiKeyIds: rows.map((row) => row.id),
    apiKeys: stored,
    async write(trx: Transaction<Database>) {
      if (rows.length === 0) return
      await trx.insertInto('api_keys').values(rows).execute()
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
