import type { App } from '../apps/App.js'
import type { SigilContext } from '../SigilContext.js'
import { listOwners, type Owner } from './listOwners.js'
import { multiOwnerErrors } from './multiOwnerErrors.js'
import { type RootQuorum, readRootQuorum } from './readRootQuorum.js'

/**
 * A multi-owner organization of `app`, its owners and root quorum; another app's organization, or
 * one without owners (a user's own), is not found.
 *
 * @example
 * const { owners, quorum } = await findAppMultiOwner(ctx, request.app, body.organizationId)
 */
export async function findAppMultiOwner(
  ctx: SigilContext,
  app: App,
  organizationId: string,
): Promise<{ owners: Owner[]; quorum: RootQuorum }> {
  const organization = await ctx.store.db
    .selectFrom('organizations')
    .select('app_id')
    .where('id', '=', organizationId)
    .executeTakeFirst()
  if (organization?.app_id !== app.id) throw multiOwnerErrors.organizationNotFound()
  const owners = await listOwners(ctx.store.db, organizationId)
  if (owners.length === 0) throw multiOwnerErrors.organizationNotFound()
  return { owners, quorum: await readRootQuorum(ctx.store.db, organizationId) }
}
