import type { V1Activity } from '@sigil/protocol'
import type { Selectable } from 'kysely'
import { ApiError } from '../../http/errors/ApiError.js'
import { toV1Activity } from '../../kms/format/toV1Activity.js'
import type { ActivityTable } from '../../store/schema.js'
import { multiOwnerErrors } from '../multiOwnerErrors.js'

/**
 * A submitted activity as the submitter's answer: the COMPLETED activity, or the error of its state
 * (`ACTIVITY_CONSENSUS_NEEDED` with the pending activity, `ACTIVITY_REJECTED`, or its failure).
 *
 * @example
 * const activity = answerOwnerActivity(row) // throws unless COMPLETED
 */
export function answerOwnerActivity(row: Selectable<ActivityTable>): V1Activity {
  const activity = toV1Activity(row)
  switch (activity.status) {
    case 'ACTIVITY_STATUS_COMPLETED':
      return activity
    case 'ACTIVITY_STATUS_CONSENSUS_NEEDED':
      throw multiOwnerErrors.consensusNeeded(activity)
    case 'ACTIVITY_STATUS_REJECTED':
      throw multiOwnerErrors.rejected(activity)
    default:
      throw new ApiError('FAILED_PRECONDITION', activity.failure?.message ?? 'activity failed', {
        errorCode: 'REQUEST_INVALID',
        details: `activity ${activity.id} failed; change the request to try again`,
      })
  }
}
