import type { V1Activity } from '@sigil/protocol'
import { z } from 'zod'
import { parseWith } from '../../http/parseWith.js'
import { createId } from '../../ids/createId.js'
import { fingerprintBody } from '../../kms/activities/fingerprintBody.js'
import { authenticationErrors } from '../../kms/auth/authenticationErrors.js'
import type { SigilContext } from '../../SigilContext.js'
import { isUniqueViolation } from '../../store/isUniqueViolation.js'
import type { OwnerActivityDefinition } from '../activities/defineOwnerActivity.js'
import type { OwnerStamp } from '../authenticateOwnerStamp.js'
import { multiOwnerErrors } from '../multiOwnerErrors.js'
import { readRootQuorum } from '../readRootQuorum.js'
import { answerOwnerActivity } from './answerOwnerActivity.js'
import { findActivityByFingerprint } from './findActivityByFingerprint.js'
import { runIfApproved } from './runIfApproved.js'

export const ownerEnvelopeSchema = z.object({
  type: z.string().min(1).max(128),
  timestampMs: z.string().regex(/^\d{1,16}$/, 'timestampMs must be a string of epoch milliseconds'),
  organizationId: z.string().min(1).max(128),
  parameters: z.record(z.string(), z.unknown()),
  generateAppProofs: z.boolean().optional(),
})

/**
 * Refuses a `timestampMs` outside the server's window (`maxRequestAgeMs`, `maxRequestSkewMs`).
 *
 * @example
 * assertFreshTimestamp(ctx, envelope.timestampMs)
 */
export function assertFreshTimestamp(ctx: SigilContext, timestampMs: string): void {
  const now = ctx.now()
  const timestamp = Number(timestampMs)
  if (now - timestamp > ctx.config.maxRequestAgeMs || timestamp - now > ctx.config.maxRequestSkewMs)
    throw authenticationErrors.staleTimestamp(
      `timestampMs must be at most ${ctx.config.maxRequestAgeMs / 1000} s old and ${ctx.config.maxRequestSkewMs / 1000} s ahead of the server clock`,
    )
}

/**
 * The root quorum's activity engine: an owner of the quorum submits an activity, which is stored as
 * `ACTIVITY_STATUS_CONSENSUS_NEEDED` together with the submitter's approval, then runs at once when
 * the threshold is 1 (see `runIfApproved`). Otherwise the answer is `ACTIVITY_CONSENSUS_NEEDED`
 * with the pending activity, and the other owners approve its fingerprint
 * (`/public/v1/submit/approve_activity`). The same stamped body again (a replay, or the submitter
 * asking for the outcome) gets the stored activity, never a second run.
 *
 * @example
 * const activity = await submitOwnerActivity(ctx, owner, ownerActivities.signRawPayload)
 */
export async function submitOwnerActivity(
  ctx: SigilContext,
  owner: OwnerStamp,
  definition: OwnerActivityDefinition,
): Promise<V1Activity> {
  const envelope = parseWith(ownerEnvelopeSchema, owner.json)
  const keys = definition.types[envelope.type]
  if (!keys) throw multiOwnerErrors.wrongType(Object.keys(definition.types))
  const fingerprint = fingerprintBody(owner.raw)
  const seen = await findActivityByFingerprint(ctx, owner.organizationId, fingerprint)
  if (seen) return answerOwnerActivity(await runIfApproved(ctx, seen.id))

  assertFreshTimestamp(ctx, envelope.timestampMs)
  const parameters = parseWith(definition.schema, envelope.parameters, 'parameters')
  const quorum = await readRootQuorum(ctx.store.db, owner.organizationId)
  if (!quorum.userIds.includes(owner.userId)) throw multiOwnerErrors.notInRootQuorum()

  const now = ctx.now()
  const activityId = createId()
  try {
    await ctx.batcher.run(async (trx) => {
      await trx
        .insertInto('activities')
        .values({
          id: activityId,
          organization_id: owner.organizationId,
          type: envelope.type,
          status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED',
          intent: JSON.stringify({ [keys.intentKey]: parameters }),
          result: '{}',
          failure: null,
          fingerprint,
          user_id: owner.userId,
          created_at: now,
          updated_at: now,
        })
        .execute()
      // Submitting is the submitter's approval.
      await trx
        .insertInto('activity_votes')
        .values({
          activity_id: activityId,
          user_id: owner.userId,
          selection: 'VOTE_SELECTION_APPROVED',
          public_key: owner.publicKey,
          signature: owner.signature,
          message: owner.raw,
          created_at: now,
        })
        .execute()
    })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    // The same body at the same moment: its activity is the answer.
    const raced = await findActivityByFingerprint(ctx, owner.organizationId, fingerprint)
    if (!raced) throw error
    return answerOwnerActivity(await runIfApproved(ctx, raced.id))
  }
  return answerOwnerActivity(await runIfApproved(ctx, activityId))
}
