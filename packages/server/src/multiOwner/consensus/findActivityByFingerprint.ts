import type { Selectable } from 'kysely'
import type { SigilContext } from '../../SigilContext.js'
import type { ActivityTable } from '../../store/schema.js'

/**
 * The activity of an organization with this fingerprint (the unique index), if any.
 *
 * @example
 * const row = await findActivityByFingerprint(ctx, organizationId, fingerprintBody(raw))
 */
export async function findActivityByFingerprint(
  ctx: SigilContext,
  organizationId: string,
  fingerprint: string,
): Promise<Selectable<ActivityTable> | undefined> {
  return ctx.store.db
    .selectFrom('activities')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('fingerprint', '=', fingerprint)
    .executeTakeFirst()
}
