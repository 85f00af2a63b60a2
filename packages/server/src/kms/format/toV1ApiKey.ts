import type { CredentialType, V1ApiKey } from '@sigil/protocol'
import type { Selectable } from 'kysely'
import type { ApiKeyTable } from '../../store/schema.js'
import { toTimestamp } from './toTimestamp.js'

/** Stored API-key row → `v1ApiKey` (public data only: Sigil never holds API private keys). */
export function toV1ApiKey(row: Selectable<ApiKeyTable>): V1ApiKey {
  const apiKey: V1ApiKey = {
    credential: { publicKey: row.public_key, type: row.credential_type as CredentialType },
    apiKeyId: row.id,
    apiKeyName: row.name,
    createdAt: toTimestamp(row.created_at),
    updatedAt: toTimestamp(row.updated_at),
  }
  if (row.expiration_seconds !== null) apiKey.expirationSeconds = row.expiration_seconds
  return apiKey
}
