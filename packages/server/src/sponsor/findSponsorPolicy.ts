import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../store/schema.js'
import { findPolicyRow } from './findPolicyRow.js'
import type { SponsorPolicy } from './SponsorPolicy.js'
import { toSponsorPolicy } from './toSponsorPolicy.js'

/**
 * The gas policy `policyId` of `appId`; another app's policy is "not found" too, so ids do not leak. A
 * Solana fee payer policy is refused here.
 *
 * @example
 * const policy = await findSponsorPolicy(db, { policyId, appId: request.app.id })
 */
export async function findSponsorPolicy(
  db: Kysely<Database> | Transaction<Database>,
  { policyId, appId }: { policyId: string; appId: string },
): Promise<SponsorPolicy> {
  return toSponsorPolicy(await findPolicyRow(db, { policyId, appId, kind: 'evm' }))
}
