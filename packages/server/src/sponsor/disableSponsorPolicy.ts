import type { Kysely } from 'kysely'
import type { Database } from '../store/schema.js'
import type { SponsorPolicy } from './SponsorPolicy.js'
import { SponsorPolicyError } from './SponsorPolicyError.js'
import type { SolanaSponsorPolicy } from './solana/SolanaSponsorPolicy.js'
import { toAnySponsorPolicy } from './solana/toAnySponsorPolicy.js'

/**
 * Disables a policy (gas or Solana): from now on its requests are refused (`Policy pol_… is disabled`).
 * Disabling twice keeps the first time.
 *
 * @example
 * await disableSponsorPolicy(db, { policyId: 'pol_…', now: Date.now() })
 */
export async function disableSponsorPolicy(
  db: Kysely<Database>,
  { policyId, now }: { policyId: string; now: number },
): Promise<SponsorPolicy | SolanaSponsorPolicy> {
  await db
    .updateTable('sponsor_policies')
    .set({ disabled_at: now, updated_at: now })
    .where('id', '=', policyId)
    .where('disabled_at', 'is', null)
    .execute()
  const row = await db
    .selectFrom('sponsor_policies')
    .selectAll()
    .where('id', '=', policyId)
    .executeTakeFirst()
  if (!row) throw new SponsorPolicyError(`policy ${policyId} not found`)
  return toAnySponsorPolicy(row)
}
