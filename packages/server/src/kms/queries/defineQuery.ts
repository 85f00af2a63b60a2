import type { QueryName } from '@sigil/protocol'
import type { z } from 'zod'
import type { SigilContext } from '../../SigilContext.js'
import type { AuthenticatedRequest } from '../auth/authenticateRequest.js'

export type QueryDefinition<schema extends z.ZodType = z.ZodType> = {
  name: QueryName
  /** Schema of the whole body (it always holds `organizationId`). */
  schema: schema
  /** Whether the body may name the parent of the credential's organization (`whoami`). */
  allowParentTarget?: boolean
  run(ctx: SigilContext, request: AuthenticatedRequest, body: z.output<schema>): Promise<unknown>
}

/**
 * Declares a `/public/v1/query/<name>` handler; the route layer validates, authenticates and
 * authorizes before `run` is called.
 *
 * @example
 * export const listUsersQuery = defineQuery({ name: 'list_users', schema, run: async (ctx, request) => … })
 */
export function defineQuery<schema extends z.ZodType>(
  definition: QueryDefinition<schema>,
): QueryDefinition<schema> {
  return definition
}
