import type { V1Activity } from '@sigil/protocol'
import { z } from 'zod'
import { parseWith } from '../../http/parseWith.js'
import { toV1Activity } from '../../kms/format/toV1Activity.js'
import type { SigilContext } from '../../SigilContext.js'
import { isUniqueViolation } from '../../store/isUniqueViolation.js'
import type { OwnerStamp } from '../authenticateOwnerStamp.js'
import { multiOwnerErrors } from '../multiOwnerErrors.js'
import { readRootQuorum } from '../readRootQuorum.js'
import { findActivityByFingerprint } from './findActivityByFingerprint.js'
import { runIfApproved } from './runIfApproved.js'
import { assertFreshTimestamp, ownerEnvelopeSchema } from './submitOwnerActivity.js'

export const voteTypes = {
  ACTIVITY_TYPE_APPROVE_ACTIVITY: 'VOTE_SELECTION_APPROVED',
  ACTIVITY_TYPE_REJECT_ACTIVITY: 'VOTE_SELECTION_REJECTED',
} as const

const voteParametersSchema = z.object({ fingerprint: z.string().min(1).max(128) })

/**
 * An owner's vote on a pending activity of its organization (Turnkey's `approve_activity` /
 * `reject_activity`, parameters `{fingerprint}`): only users of the root quorum vote, each once (the
 * primary key of `activity_votes`), and the vote may decide the activity (`runIfApproved`). Answers
 * the voted activity as it now stands: COMPLETED with its result after the last approval.
 *
 * @example
 * const activity = await voteOnActivity(ctx, owner, 'ACTIVITY_TYPE_APPROVE_ACTIVITY')
 */
export async function voteOnActivity(
  ctx: SigilContext,
  owner: OwnerStamp,
  type: keyof typeof voteTypes,
): Promise<V1Activity> {
  const envelope = parseWith(ownerEnvelopeSchema, owner.json)
  if (envelope.type !== type) throw multiOwnerErrors.wrongType([type])
  assertFreshTimestamp(ctx, envelope.timestampMs)
  const { fingerprint } = parseWith(voteParametersSchema, envelope.parameters, 'parameters')
  const target = await findActivityByFingerprint(ctx, owner.organizationId, fingerprint)
  if (!target) throw multiOwnerErrors.activityNotFound()
  if (target.status !== 'ACTIVITY_STATUS_CONSENSUS_NEEDED')
    throw multiOwnerErrors.notPending(toV1Activity(target))
  const quorum = await readRootQuorum(ctx.store.db, owner.organizationId)
  if (!quorum.userIds.includes(owner.userId)) throw multiOwnerErrors.notInRootQuorum()
  try {
    await ctx.batcher.run((trx) =>
      trx
        .insertInto('activity_votes')
        .values({
          activity_id: target.id,
          user_id: owner.userId,
          selection: voteTypes[type],
          public_key: owner.publicKey,
          signature: owner.signature,
          message: owner.raw,
          created_at: ctx.now(),
        })
        .execute(),
    )
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    throw multiOwnerErrors.alreadyVoted()
  }
  return toV1Activity(await runIfApproved(ctx, target.id))
}
