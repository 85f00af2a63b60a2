import type { ActivityParameters, ActivityPath } from '@sigil/protocol'
import type { Transaction } from 'kysely'
import type { z } from 'zod'
import type { SigilContext } from '../../SigilContext.js'
import type { Database } from '../../store/schema.js'
import type { Principal } from '../auth/Principal.js'

export type ActivityRun = {
  activityId: string
  type: string
  /** The organization the activity acts in. */
  organizationId: string
  principal: Principal
  /** Time of the request (epoch ms), used for every row it writes. */
  now: number
}

export type PreparedActivity = {
  /** What goes under `activity.result[resultKey]`. */
  result: Record<string, unknown>
  /** Rows to write; committed in the same transaction as the COMPLETED activity. */
  write?: (trx: Transaction<Database>) => Promise<unknown>
  /**
   * The parameters as carried out, stored as the intent, when the activity changed them (an API
   * key's expiry capped at the stamping session's); the parsed parameters otherwise.
   */
  parameters?: Record<string, unknown>
}

export type ActivityDefinition<
  path extends ActivityPath = ActivityPath,
  schema extends z.ZodType = z.ZodType,
> = {
  path: path
  /**
   * Schema of `parameters` (one that accepts every version the path takes). Its output, without the
   * fields it does not know, is what the activity stores as its intent.
   */
  schema: schema
  /**
   * Does the reads and the CPU work (key generation, signing, sealing) outside any transaction and
   * returns the result plus the writes to commit with the activity. Throws an ApiError for a request
   * that cannot be carried out (unknown wallet, bad attestation…).
   */
  prepare(ctx: SigilContext, run: ActivityRun, parameters: z.output<schema>): Promise<PreparedActivity>
  /** Its writes add or delete API keys: they run through `ctx.apiKeyCache.writing`. */
  changesApiKeys?: boolean
  /**
   * `organizationId` may name the principal's parent organization and the activity then acts in the
   * principal's own (as `whoami` does): a passkey sign-in does not know its sub-organization yet.
   */
  allowParentTarget?: boolean
}

/**
 * Declares a `/public/v1/submit/<path>` activity, checked against `ActivityParameters` of
 * `@sigil/protocol`: what the schema accepts must be `parameters` the protocol declares for `path`
 * (the server may take a subset, such as fewer curves, never other fields or values), so the server
 * and the SDK cannot drift apart.
 *
 * @example
 * export const createWalletActivity = defineActivity({ path: 'create_wallet', schema, prepare: async (ctx, run, p) => … })
 */
export function defineActivity<path extends ActivityPath, schema extends z.ZodType>(
  definition: ActivityDefinition<path, schema> &
    (z.output<schema> extends ActivityParameters[path]
      ? unknown
      : { schema: { fitsTheProtocolParameters: never } }),
): ActivityDefinition<path, schema> {
  return definition
}
