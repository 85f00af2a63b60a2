import type { z } from 'zod'
import type { PreparedActivity } from '../../kms/activities/defineActivity.js'
import type { SigilContext } from '../../SigilContext.js'

export type OwnerActivityRun = {
  activityId: string
  /** The multi-owner organization the activity acts in. */
  organizationId: string
  /** The owner who submitted it. */
  userId: string
  /** Time of execution (epoch ms), for every row it writes. */
  now: number
}

export type OwnerActivityDefinition<schema extends z.ZodType = z.ZodType> = {
  /** The activity types it carries out, with the keys of its intent and result. */
  types: Record<string, { intentKey: string; resultKey: string }>
  /** Schema of `parameters`; its output is stored as the intent and read back when the quorum is met. */
  schema: schema
  /**
   * Reads and CPU work outside any transaction, once the quorum approved; returns the result and the
   * writes committed with the COMPLETED activity. Throws an ApiError for a request that cannot be carried out.
   */
  prepare(ctx: SigilContext, run: OwnerActivityRun, parameters: z.output<schema>): Promise<PreparedActivity>
}

/**
 * Declares an activity of a multi-owner organization: submitted by an owner, it waits for the root
 * quorum (see `submitOwnerActivity`) and runs once when enough owners approved.
 *
 * @example
 * export const deleteUsersActivity = defineOwnerActivity({ types, schema, prepare: async (ctx, run, p) => … })
 */
export function defineOwnerActivity<schema extends z.ZodType>(
  definition: OwnerActivityDefinition<schema>,
): OwnerActivityDefinition<schema> {
  return definition
}
