import type { Kysely } from 'kysely'
import type { Database } from '../store/schema.js'
import type { SponsorPolicy } from './SponsorPolicy.js'
import type { SolanaSponsorPolicy } from './solana/SolanaSponsorPolicy.js'
import { toAnySponsorPolicy } from './solana/toAnySponsorPolicy.js'

/**
 * The sponsorship policies (of one app, or of all; gas and Solana fee payer policies alike), oldest
 * first, with what they spent so far.
 *
 * @example
 * const policies = await listSponsorPolicies(db, { appId })
 */
export async function listSponsorPolicies(
  db: Kysely<Database>,
  { appId }: { appId?: string | undefined } = {},
): Promise<(SponsorPolicy | SolanaSponsorPolicy)[]> {
  let query = db.selectFrom('sponsor_policies').selectAll().orderBy('created_at').orderBy('id')
  if (appId) query = query.where('app_id', '=', appId)
  return (await query.execute()).map(toAnySponsorPolicy)
}
