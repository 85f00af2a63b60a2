import type { AuthenticatorTransport, V1Authenticator } from '@sigil/protocol'
import type { Selectable } from 'kysely'
import type { AuthenticatorTable } from '../../store/schema.js'
import { toTimestamp } from './toTimestamp.js'

/** Stored authenticator row → `v1Authenticator`. */
export function toV1Authenticator(row: Selectable<AuthenticatorTable>): V1Authenticator {
  return {
    transports: JSON.parse(row.transports) as AuthenticatorTransport[],
    attestationType: row.attestation_type,
    aaguid: row.aaguid,
    credentialId: row.credential_id,
    model: '',
    credential: { publicKey: row.public_key, type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR' },
    authenticatorId: row.id,
    authenticatorName: row.name,
    createdAt: toTimestamp(row.created_at),
    updatedAt: toTimestamp(row.updated_at),
  }
}
