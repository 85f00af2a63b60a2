import type { Selectable } from 'kysely'
import { ApiError, grpcCodes } from '../../http/errors/ApiError.js'
import { parseWith } from '../../http/parseWith.js'
import type { SigilContext } from '../../SigilContext.js'
import { isUniqueViolation } from '../../store/isUniqueViolation.js'
import type { ActivityTable } from '../../store/schema.js'
import { findOwnerActivity } from '../activities/ownerActivities.js'
import { readRootQuorum } from '../readRootQuorum.js'

const pending = 'ACTIVITY_STATUS_CONSENSUS_NEEDED'

class AlreadySettledError extends Error {
  override name = 'AlreadySettledError'
}

/**
 * Decides a pending activity by the votes of its organization's current root quorum: with
 * `threshold` approvals it runs, once (its writes commit with a conditional update of the row
 * still pending, so two last approvals at once run it one time); with more rejections than the
 * quorum can spare it is REJECTED; otherwise it keeps waiting. Votes of users no longer in the
 * quorum do not count. Answers the row as it now stands.
 *
 * @example
 * const row = await runIfApproved(ctx, activityId)
 */
export async function runIfApproved(
  ctx: SigilContext,
  activityId: string,
): Promise<Selectable<ActivityTable>> {
  const row = await readActivity(ctx, activityId)
  if (row.status !== pending) return row
  const quorum = await readRootQuorum(ctx.store.db, row.organization_id)
  const votes = await ctx.store.db
    .selectFrom('activity_votes')
    .select(['user_id', 'selection'])
    .where('activity_id', '=', activityId)
    .execute()
  const counted = votes.filter((vote) => quorum.userIds.includes(vote.user_id))
  const approvals = counted.filter((vote) => vote.selection === 'VOTE_SELECTION_APPROVED').length
  const rejections = counted.length - approvals
  const now = ctx.now()

  if (rejections > quorum.userIds.length - quorum.threshold) {
    await settle(ctx, activityId, { status: 'ACTIVITY_STATUS_REJECTED', updated_at: now })
    return readActivity(ctx, activityId)
  }
  if (approvals < quorum.threshold) return row

  const definition = findOwnerActivity(row.type)
  const keys = definition?.types[row.type]
  if (!definition || !keys) throw new Error(`no owner activity carries out ${row.type}`)
  try {
    const parameters = parseWith(definition.schema, JSON.parse(row.intent)[keys.intentKey], 'parameters')
    const prepared = await definition.prepare(
      ctx,
      { activityId, organizationId: row.organization_id, userId: row.user_id ?? '', now },
      parameters,
    )
    await ctx.batcher.run(async (trx) => {
      await prepared.write?.(trx)
      const updated = await trx
        .updateTable('activities')
        .set({
          status: 'ACTIVITY_STATUS_COMPLETED',
          result: JSON.stringify({ [keys.resultKey]: prepared.result }),
          updated_at: now,
        })
        .where('id', '=', activityId)
        .where('status', '=', pending)
        .executeTakeFirst()
      // Another approval ran it first: roll this item's writes back.
      if (Number(updated.numUpdatedRows) !== 1) throw new AlreadySettledError()
    })
    ctx.metrics.activities.inc({ type: row.type, status: 'ACTIVITY_STATUS_COMPLETED' })
  } catch (caught) {
    let error = caught
    if (error instanceof AlreadySettledError || isUniqueViolation(error)) {
      // Another approval ran it first (its rows then collide with ours), or a row it writes exists.
      const settled = await readActivity(ctx, activityId)
      if (settled.status !== pending) return settled
      if (isUniqueViolation(error))
        error = new ApiError('ALREADY_EXISTS', 'a resource this activity creates already exists', {
          errorCode: 'REQUEST_INVALID',
          cause: error,
        })
    }
    if (!(error instanceof ApiError)) throw error
    const failure = { code: grpcCodes[error.grpc].code, message: error.shortMessage, details: [] }
    await settle(ctx, activityId, {
      status: 'ACTIVITY_STATUS_FAILED',
      failure: JSON.stringify(failure),
      updated_at: now,
    })
    ctx.metrics.activities.inc({ type: row.type, status: 'ACTIVITY_STATUS_FAILED' })
  }
  return readActivity(ctx, activityId)
}

async function readActivity(ctx: SigilContext, activityId: string) {
  return ctx.store.db
    .selectFrom('activities')
    .selectAll()
    .where('id', '=', activityId)
    .executeTakeFirstOrThrow()
}

/** Moves a still-pending activity to its final state (a no-op when it was settled meanwhile). */
async function settle(
  ctx: SigilContext,
  activityId: string,
  values: { status: string; failure?: string; updated_at: number },
) {
  await ctx.batcher.run((trx) =>
    trx
      .updateTable('activities')
      .set(values)
      .where('id', '=', activityId)
      .where('status', '=', pending)
      .execute(),
  )
}
