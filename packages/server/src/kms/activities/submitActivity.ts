import { type ActivityPath, activityTypes, type V1Activity } from '@sigil/protocol'
import { z } from 'zod'
import { ApiError, grpcCodes } from '../../http/errors/ApiError.js'
import { parseWith } from '../../http/parseWith.js'
import { createId } from '../../ids/createId.js'
import type { SigilContext } from '../../SigilContext.js'
import { compileQueryOnce } from '../../store/compileQueryOnce.js'
import { isUniqueViolation } from '../../store/isUniqueViolation.js'
import { prepareQuery } from '../../store/prepareQuery.js'
import { queryParameter } from '../../store/queryParameter.js'
import { type AuthenticatedRequest, authenticateRequest } from '../auth/authenticateRequest.js'
import { authenticationErrors } from '../auth/authenticationErrors.js'
import { toV1Activity } from '../format/toV1Activity.js'
import type { ActivityDefinition } from './defineActivity.js'
import { fingerprintBody } from './fingerprintBody.js'

const envelopeSchema = z.object({
  type: z.string().min(1).max(128),
  timestampMs: z.string().regex(/^\d{1,16}$/, 'timestampMs must be a string of epoch milliseconds'),
  organizationId: z.string().min(1).max(128),
  parameters: z.record(z.string(), z.unknown()),
  generateAppProofs: z.boolean().optional(),
})

const findByFingerprintQuery = prepareQuery((db) =>
  db
    .selectFrom('activities')
    .selectAll()
    .where('organization_id', '=', queryParameter(0))
    .where('fingerprint', '=', queryParameter(1)),
)

const activityColumns = [
  'id',
  'organization_id',
  'type',
  'status',
  'intent',
  'result',
  'failure',
  'fingerprint',
  'user_id',
  'created_at',
  'updated_at',
] as const

const insertActivity = compileQueryOnce((db) =>
  db
    .insertInto('activities')
    .values(
      Object.fromEntries(activityColumns.map((column, index) => [column, queryParameter(index)])) as never,
    ),
)

export type SubmitActivityParameters = {
  path: ActivityPath
  definition: ActivityDefinition
  raw: string
  json: unknown
  header(name: string): string | undefined
  /** A request whose stamp the caller already verified (the sign-in API's stamped requests). */
  authenticated?: AuthenticatedRequest
}

/**
 * The activity engine: validates the envelope, refuses stale timestamps, authenticates the stamp,
 * checks the parameters against the activity's schema (the intent stores that output, not the
 * client's object), prepares the activity and commits its writes together with the COMPLETED activity row (group
 * commit) before answering. A refused request is recorded as FAILED and answered with its error. A
 * body it has seen (same fingerprint) gets the stored activity, or the error it failed with: the
 * unique fingerprint index refuses the second row, and that item's writes roll back.
 *
 * @example
 * const activity = await submitActivity(ctx, { path: 'create_wallet', definition, raw, json, header })
 */
export async function submitActivity(
  ctx: SigilContext,
  parameters: SubmitActivityParameters,
): Promise<V1Activity> {
  const { path, definition, raw } = parameters
  const envelope = parseWith(envelopeSchema, parameters.json)
  const keys = (activityTypes[path] as Record<string, { intentKey: string; resultKey: string }>)[
    envelope.type
  ]
  if (!keys)
    throw new ApiError(
      'INVALID_ARGUMENT',
      `unsupported activity type ${envelope.type} for /public/v1/submit/${path}`,
      {
        errorCode: 'REQUEST_INVALID',
        details: `accepted: ${Object.keys(activityTypes[path]).join(', ')}`,
      },
    )

  const now = ctx.now()
  const timestamp = Number(envelope.timestampMs)
  if (now - timestamp > ctx.config.maxRequestAgeMs || timestamp - now > ctx.config.maxRequestSkewMs)
    throw authenticationErrors.staleTimestamp(
      `timestampMs must be at most ${ctx.config.maxRequestAgeMs / 1000} s old and ${ctx.config.maxRequestSkewMs / 1000} s ahead of the server clock`,
    )

  const { principal, organizationId } =
    parameters.authenticated ??
    (await authenticateRequest(ctx, {
      header: parameters.header,
      body: raw,
      organizationId: envelope.organizationId,
      allowParentTarget: definition.allowParentTarget === true,
    }))

  // A body seen before is found by the unique (organization_id, fingerprint) index when its activity row
  // is written, and answered with the stored outcome then (its own writes roll back with that row). Not
  // looking it up first saves a read per request: on SQLite every commit of the writer thread empties
  // the read connection's page cache, which made that lookup a tenth of a signing request's event loop.
  const fingerprint = fingerprintBody(raw)

  const activityId = createId()
  const row = {
    id: activityId,
    organization_id: organizationId,
    type: envelope.type,
    fingerprint,
    user_id: principal.userId,
    created_at: now,
    updated_at: now,
  }

  // The intent stores the schema's output, never the client's object: fields the schema does not
  // know are not kept (and parameters that fail the schema are not stored at all).
  let intent: Record<string, unknown> = { [keys.intentKey]: {} }
  let prepared: Awaited<ReturnType<typeof definition.prepare>>
  try {
    const activityParameters = parseWith(definition.schema, envelope.parameters, 'parameters')
    intent = { [keys.intentKey]: activityParameters }
    prepared = await definition.prepare(
      ctx,
      { activityId, type: envelope.type, organizationId, principal, now },
      activityParameters,
    )
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const failure = { code: grpcCodes[error.grpc].code, message: error.shortMessage, details: [] }
    try {
      await ctx.batcher.run((trx) =>
        trx
          .insertInto('activities')
          .values({
            ...row,
            intent: JSON.stringify(intent),
            status: 'ACTIVITY_STATUS_FAILED',
            result: '{}',
            failure: JSON.stringify(failure),
          })
          .execute(),
      )
    } catch (cause) {
      if (!isUniqueViolation(cause)) throw cause
      // The same body was submitted before: its stored outcome is the answer.
      const existing = await findByFingerprint(ctx, organizationId, fingerprint)
      if (existing) return answer(existing)
    }
    ctx.metrics.activities.inc({ type: envelope.type, status: 'ACTIVITY_STATUS_FAILED' })
    throw error
  }

  if (prepared.parameters) intent = { [keys.intentKey]: prepared.parameters }
  const result = { [keys.resultKey]: prepared.result }
  const completed = {
    ...row,
    intent: JSON.stringify(intent),
    status: 'ACTIVITY_STATUS_COMPLETED',
    result: JSON.stringify(result),
    failure: null,
  }
  const insertCompleted = insertActivity(
    ctx.store.db,
    activityColumns.map((column) => completed[column]),
  )
  try {
    // The activity row goes with the activity's own writes; without any, as a statement-only item (one
    // message per batch to the SQLite writer thread).
    const { write } = prepared
    if (!write) await ctx.batcher.runStatements([insertCompleted])
    else {
      const commit = () =>
        ctx.batcher.run(async (trx) => {
          await write(trx)
          await trx.executeQuery(insertCompleted)
        })
      await (definition.changesApiKeys ? ctx.apiKeyCache.writing(commit) : commit())
    }
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    const raced = await findByFingerprint(ctx, organizationId, fingerprint)
    if (raced) return answer(raced)
    // The activity's own answer to its duplicate (PUBLIC_KEY_ALREADY_REGISTERED, PASSKEY_EXISTS).
    if (error instanceof ApiError) throw error
    throw new ApiError('ALREADY_EXISTS', 'a resource this activity creates already exists', {
      errorCode: 'REQUEST_INVALID',
      cause: error,
    })
  }
  ctx.metrics.activities.inc({ type: envelope.type, status: 'ACTIVITY_STATUS_COMPLETED' })
  // The answer is serialized again; the objects serialized into the row are what parsing it would give.
  return toV1Activity(completed, { intent, result })
}

async function findByFingerprint(ctx: SigilContext, organizationId: string, fingerprint: string) {
  const [row] = await findByFingerprintQuery(ctx.store, [organizationId, fingerprint])
  return row
}

/** A replayed body gets the stored outcome: the activity, or the error it failed with. */
function answer(row: NonNullable<Awaited<ReturnType<typeof findByFingerprint>>>): V1Activity {
  const activity = toV1Activity(row)
  if (activity.status === 'ACTIVITY_STATUS_FAILED')
    throw new ApiError('FAILED_PRECONDITION', activity.failure?.message ?? 'activity failed', {
      errorCode: 'REQUEST_INVALID',
      details: `activity ${activity.id} failed earlier; change the request to try again`,
    })
  return activity
}
