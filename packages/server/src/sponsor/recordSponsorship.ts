import type { Hex } from 'viem'
import { createId } from '../ids/createId.js'
import type { WriteBatcher } from '../store/createWriteBatcher.js'
import { assertPolicyAllows } from './assertPolicyAllows.js'
import { findSponsorPolicy } from './findSponsorPolicy.js'
import { readPolicyUsage } from './readPolicyUsage.js'
import type { SponsoredOperation } from './SponsoredOperation.js'

export type RecordSponsorshipParameters = {
  policyId: string
  appId: string
  operation: SponsoredOperation
  /** Who the per-user limits count: `user:<Sigil user id>` or `sender:<lowercase address>`. */
  userKey: string
  /** Epoch seconds: the signature's `validUntil`. */
  validUntil: number
  /** The chain's latest block when signed, where known. */
  fromBlock: bigint | undefined
  userOperationHash: Hex
  now: number
}

/** Concurrent signers of one policy retry this often before giving up. */
const maxAttempts = 20

class ConcurrentUpdate extends Error {}

/**
 * Checks every limit of the policy against its recorded usage and, in the same transaction, records
 * the operation and adds its maximum cost to the policy's spending. Call it right before signing
 * paymaster data: once it returns, the sponsorship counts (it survives a restart).
 *
 * A second signature of the same operation (chain, EntryPoint, sender, nonce) replaces the first's
 * record and cost instead of counting again (see `readPolicyUsage`).
 *
 * Writers of one policy serialize on the policy row: the update only applies when the row's
 * `operations` and `spent_wei` are still the ones read (PostgreSQL, several server instances), and SQLite
 * transactions take the write lock up front; a writer that lost the race reads again. `writes` is the
 * server's write batcher (on SQLite its writer thread), or anything with the same `run`.
 *
 * @example
 * await recordSponsorship(ctx.batcher, { policyId, appId, operation, userOperationHash, now: Date.now() })
 */
export async function recordSponsorship(
  writes: Pick<WriteBatcher, 'run'>,
  parameters: RecordSponsorshipParameters,
): Promise<void> {
  const { policyId, appId, operation, userOperationHash, now } = parameters
  for (let attempt = 1; ; attempt++) {
    try {
      await writes.run(async (trx) => {
        const policy = await findSponsorPolicy(trx, { policyId, appId })
        const { policy: view, usage, earlier } = await readPolicyUsage(trx, policy, operation, now)
        assertPolicyAllows(view, operation, { now, usage })
        const updated = await trx
          .updateTable('sponsor_policies')
          .set({
            operations: earlier ? policy.operations : policy.operations + 1,
            spent_wei: (view.spentWei + operation.maxCostWei).toString(),
            updated_at: now,
          })
          .where('id', '=', policyId)
          .where('operations', '=', policy.operations)
          .where('spent_wei', '=', policy.spentWei.toString())
          .executeTakeFirst()
        if (Number(updated.numUpdatedRows) !== 1) throw new ConcurrentUpdate()
        if (earlier) {
          await trx
            .updateTable('sponsor_operations')
            .set({ user_operation_hash: userOperationHash, max_cost_wei: operation.maxCostWei.toString() })
            .where('id', '=', earlier.id)
            .execute()
          return
        }
        await trx
          .insertInto('sponsor_operations')
          .values({
            id: createId(),
            policy_id: policyId,
            chain_id: operation.chainId,
            entry_point: operation.entryPoint.toLowerCase(),
            sender: operation.sender.toLowerCase(),
            nonce: operation.nonce.toString(),
            user_operation_hash: userOperationHash,
            max_cost_wei: operation.maxCostWei.toString(),
            created_at: now,
          })
          .execute()
      })
      return
    } catch (error) {
      if (!(error instanceof ConcurrentUpdate) || attempt >= maxAttempts) throw error
    }
  }
}
