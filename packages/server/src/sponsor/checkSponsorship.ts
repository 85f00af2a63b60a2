import type { Kysely } from 'kysely'
import type { Database } from '../store/schema.js'
import { assertPolicyAllows } from './assertPolicyAllows.js'
import { findSponsorPolicy } from './findSponsorPolicy.js'
import { readPolicyUsage } from './readPolicyUsage.js'
import type { SponsoredOperation } from './SponsoredOperation.js'
import type { SponsorPolicy } from './SponsorPolicy.js'

/**
 * Whether the app's policy would sponsor the operation now (nothing is recorded): throws the JSON-RPC
 * refusal naming the limit, else returns the policy. Stub data and estimation ask this first.
 *
 * @example
 * await checkSponsorship(db, { policyId, appId, operation, now: Date.now() })
 */
export async function checkSponsorship(
  db: Kysely<Database>,
  {
    policyId,
    appId,
    operation,
    now,
  }: { policyId: string; appId: string; operation: SponsoredOperation; now: number },
): Promise<SponsorPolicy> {
  const policy = await findSponsorPolicy(db, { policyId, appId })
  const view = await readPolicyUsage(db, policy, operation, now)
  assertPolicyAllows(view.policy, operation, { now, usage: view.usage })
  return policy
}
