import type { Kysely, Transaction } from 'kysely'
import { RpcError } from '../rpc/RpcError.js'
import type { Database } from '../store/schema.js'
import type { SponsorPolicy } from './SponsorPolicy.js'
import { toSponsorPolicy } from './toSponsorPolicy.js'

/**
 * The policy `policyId` of `appId`; another app's policy is "not found" too, so ids do not leak.
 *
 * @example
 * const policy = await findSponsorPolicy(db, { policyId, appId: request.app.id })
 */
export async function findSponsorPolicy(
  db: Kysely<Database> | Transaction<Database>,
  { policyId, appId }: { policyId: string; appId: string },
): Promise<SponsorPolicy> {
  const row = await db
    .selectFrom('sponsor_policies')
    .selectAll()
    .where('id', '=', policyId)
    .where('app_id', '=', appId)
    .executeTakeFirst()
  if (!row) throw new RpcError('POLICY_REFUSED', `Policy ${policyId} not found`)
  return toSponsorPolicy(row)
}
