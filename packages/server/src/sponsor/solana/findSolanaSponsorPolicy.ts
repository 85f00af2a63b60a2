import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../store/schema.js'
import { findPolicyRow } from '../findPolicyRow.js'
import type { SolanaSponsorPolicy } from './SolanaSponsorPolicy.js'
import { toSolanaSponsorPolicy } from './toSolanaSponsorPolicy.js'

/**
 * The Solana fee payer policy `policyId` of `appId`; another app's policy is "not found" too, so ids do
 * not leak, and a gas (EVM) policy is refused.
 *
 * @example
 * const policy = await findSolanaSponsorPolicy(db, { policyId, appId: request.app.id })
 */
export async function findSolanaSponsorPolicy(
  db: Kysely<Database> | Transaction<Database>,
  { policyId, appId }: { policyId: string; appId: string },
): Promise<SolanaSponsorPolicy> {
  return toSolanaSponsorPolicy(await findPolicyRow(db, { policyId, appId, kind: 'solana' }))
}
