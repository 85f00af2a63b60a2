import type { Hex } from 'viem'
import { createId } from '../ids/createId.js'
import type { WriteBatcher } from '../store/createWriteBatcher.js'
import { retryOnConflict, VersionConflict } from '../store/retryOnConflict.js'
import { assertPolicyAllows } from './assertPolicyAllows.js'
import { findSponsorPolicy } from './findSponsorPolicy.js'
import { readPolicyUsage } from './readPolicyUsage.js'
import type { SponsoredOperation } from './SponsoredOperation.js'

export type ReserveSponsorshipParameters = {
  policyId: string
  appId: string
  operation: SponsoredOperation
  /** Who the per-user limits count: `user:<Sigil user id>` or `sender:<lowercase address>`. */
  userKey: string
  /** Epoch seconds: the signature's `validUntil`. */
  validUntil: number
  /** The chain's latest block when signed, where known (where settlement looks for the inclusion). */
  fromBlock: bigint | undefined
  userOperationHash: Hex
  now: number
}

/**
 * Checks every limit of the policy against what its budget period has spent and reserved and, in the
 * same transaction, records the signature as a reservation of its worst-case cost (its own row: a
 * re-signature of the same nonce never replaces an earlier one, see `tallyPolicyUsage`). Call it right
 * before handing out paymaster data: once it returns, the reservation counts (it survives a restart)
 * until settlement replaces it with the real cost (`settleSponsorships`).
 *
 * Writers of one policy serialize on the policy row: `operations` is its version, bumped by every
 * reservation, and the update only applies while it is still the one read (PostgreSQL re-checks the
 * condition after taking the row lock, so two server instances cannot both take the last of a
 * budget); SQLite transactions take the write lock up front. A writer that lost the race reads again.
 * `writes` is the server's write batcher (on SQLite its writer thread), or anything with the same `run`.
 *
 * @example
 * await reserveSponsorship(ctx.batcher, { policyId, appId, operation, userKey, validUntil, fromBlock, userOperationHash, now: Date.now() })
 */
export async function reserveSponsorship(
  writes: Pick<WriteBatcher, 'run'>,
  parameters: ReserveSponsorshipParameters,
): Promise<void> {
  const { policyId, appId, operation, userKey, validUntil, fromBlock, userOperationHash, now } = parameters
  await retryOnConflict(() =>
    writes.run(async (trx) => {
      const policy = await findSponsorPolicy(trx, { policyId, appId })
      const { usage } = await readPolicyUsage(trx, policy, operation, now, userKey)
      assertPolicyAllows(policy, operation, { now, usage })
      const updated = await trx
        .updateTable('sponsor_policies')
        .set({ operations: policy.operations + 1, updated_at: now })
        .where('id', '=', policyId)
        .where('operations', '=', policy.operations)
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) !== 1) throw new VersionConflict()
      await trx
        .insertInto('sponsor_operations')
        .values({
          id: createId(),
          policy_id: policyId,
          chain_id: operation.chainId,
          entry_point: operation.entryPoint.toLowerCase(),
          sender: operation.sender.toLowerCase(),
          nonce: operation.nonce.toString(),
          user_operation_hash: userOperationHash.toLowerCase(),
          max_cost_wei: operation.maxCostWei.toString(),
          created_at: now,
          user_key: userKey,
          valid_until: validUntil,
          from_block: fromBlock?.toString() ?? null,
          settled_at: null,
          actual_cost_wei: null,
        })
        .execute()
    }),
  )
}
