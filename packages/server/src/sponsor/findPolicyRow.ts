import type { Kysely, Selectable, Transaction } from 'kysely'
import { RpcError } from '../gateway/RpcError.js'
import type { Database } from '../store/schema.js'

const refusals = {
  evm: 'is a Solana fee payer policy: it does not sponsor user operations',
  solana: 'is an EVM gas policy: it does not sponsor Solana transactions',
} as const

/**
 * The row of policy `policyId` of `appId`, which must be of `kind`; another app's policy is "not found"
 * too, so ids do not leak. Refusals are JSON-RPC policy refusals naming the policy.
 *
 * @example
 * const row = await findPolicyRow(db, { policyId, appId: request.app.id, kind: 'solana' })
 */
export async function findPolicyRow(
  db: Kysely<Database> | Transaction<Database>,
  { policyId, appId, kind }: { policyId: string; appId: string; kind: 'evm' | 'solana' },
): Promise<Selectable<Database['sponsor_policies']>> {
  const row = await db
    .selectFrom('sponsor_policies')
    .selectAll()
    .where('id', '=', policyId)
    .where('app_id', '=', appId)
    .executeTakeFirst()
  if (!row) throw new RpcError('POLICY_REFUSED', `Policy ${policyId} not found`)
  if (row.kind !== kind) throw new RpcError('POLICY_REFUSED', `Policy ${policyId} ${refusals[kind]}`)
  return row
}
