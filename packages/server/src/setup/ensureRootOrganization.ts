import type { Kysely } from 'kysely'
import { createId } from '../ids/createId.js'
import type { Database } from '../store/schema.js'

/**
 * Returns the id of the root organization (the one without a parent), creating it with a root
 * user named `root` on first start.
 *
 * @example
 * const rootOrganizationId = await ensureRootOrganization(db, { name: 'Sigil', now: Date.now() })
 */
export async function ensureRootOrganization(
  db: Kysely<Database>,
  { name, now }: { name: string; now: number },
): Promise<{ organizationId: string; rootUserId: string }> {
  const find = async () => {
    const organization = await db
      .selectFrom('organizations')
      .select(['id', 'root_user_ids'])
      .where('parent_id', 'is', null)
      .orderBy('created_at')
      .executeTakeFirst()
    if (!organization) return undefined
    const [rootUserId] = JSON.parse(organization.root_user_ids) as string[]
    return { organizationId: organization.id, rootUserId: rootUserId! }
  }
  const existing = await find()
  if (existing) return existing
  const organizationId = createId()
  const rootUserId = createId()
  await db.transaction().execute(async (trx) => {
    // Re-check inside the transaction: two processes may start on an empty store at once.
    const raced = await trx
      .selectFrom('organizations')
      .select('id')
      .where('parent_id', 'is', null)
      .executeTakeFirst()
    if (raced) return
    await trx
      .insertInto('organizations')
      .values({
        id: organizationId,
        name,
        parent_id: null,
        root_quorum_threshold: 1,
        root_user_ids: JSON.stringify([rootUserId]),
        created_at: now,
        updated_at: now,
      })
      .execute()
    await trx
      .insertInto('users')
      .values({
        id: rootUserId,
        organization_id: organizationId,
        name: 'root',
        email: null,
        phone_number: null,
        oauth_providers: '[]',
        created_at: now,
        updated_at: now,
      })
      .execute()
  })
  return (await find())!
}
