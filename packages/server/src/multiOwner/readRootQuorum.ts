import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../store/schema.js'
import { multiOwnerErrors } from './multiOwnerErrors.js'

export type RootQuorum = { threshold: number; userIds: string[] }

/**
 * The root quorum of an organization: how many approvals an activity needs, and whose count.
 *
 * @example
 * const { threshold, userIds } = await readRootQuorum(ctx.store.db, organizationId)
 */
export async function readRootQuorum(
  db: Kysely<Database> | Transaction<Database>,
  organizationId: string,
): Promise<RootQuorum> {
  const organization = await db
    .selectFrom('organizations')
    .select(['root_quorum_threshold', 'root_user_ids'])
    .where('id', '=', organizationId)
    .executeTakeFirst()
  if (!organization) throw multiOwnerErrors.organizationNotFound()
  return {
    threshold: Number(organization.root_quorum_threshold),
    userIds: JSON.parse(organization.root_user_ids) as string[],
  }
}
