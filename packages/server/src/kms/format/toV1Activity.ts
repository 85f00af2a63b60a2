import type { ActivityStatus, V1Activity } from '@sigil/protocol'
import type { Selectable } from 'kysely'
import type { ActivityTable } from '../../store/schema.js'
import { toTimestamp } from './toTimestamp.js'

/**
 * Stored activity row → `v1Activity`. `parsed` gives the intent and result as the objects they were
 * serialized from, for a row just written (they are then not parsed back from its JSON).
 */
export function toV1Activity(
  row: Selectable<ActivityTable>,
  parsed?: { intent: V1Activity['intent']; result: V1Activity['result'] },
): V1Activity {
  const activity: V1Activity = {
    id: row.id,
    organizationId: row.organization_id,
    status: row.status as ActivityStatus,
    type: row.type,
    intent: parsed ? parsed.intent : JSON.parse(row.intent),
    result: parsed ? parsed.result : JSON.parse(row.result),
    votes: [],
    fingerprint: row.fingerprint,
    canApprove: false,
    canReject: false,
    createdAt: toTimestamp(row.created_at),
    updatedAt: toTimestamp(row.updated_at),
  }
  if (row.failure) activity.failure = JSON.parse(row.failure)
  return activity
}
