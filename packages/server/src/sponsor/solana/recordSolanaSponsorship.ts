import { createId } from '../../ids/createId.js'
import type { WriteBatcher } from '../../store/createWriteBatcher.js'
import { isUniqueViolation } from '../../store/isUniqueViolation.js'
import { retryOnConflict, VersionConflict } from '../../store/retryOnConflict.js'
import { assertSolanaPolicyAllows, noSolanaPolicyUsage } from './assertSolanaPolicyAllows.js'
import { findSolanaSponsorPolicy } from './findSolanaSponsorPolicy.js'
import { readSolanaPolicyUsage } from './readSolanaPolicyUsage.js'
import type { SponsoredSolanaTransaction } from './SponsoredSolanaTransaction.js'

export type RecordSolanaSponsorshipParameters = {
  policyId: string
  appId: string
  /** The final transaction, its fee known. */
  transaction: SponsoredSolanaTransaction & { feeLamports: bigint }
  /** What settlement looks for (docs/sponsorship.md#solana-fee-payer): the transaction id, its blockhash, and the last block height at which it can land. */
  quote: { signature: string; blockhash: string; lastValidBlockHeight: bigint }
  now: number
  /** The server's cap on one transaction's fee for a policy without its own (`SIGIL_SOLANA_MAX_FEE_LAMPORTS`). */
  serverMaxFeeLamports?: bigint | null | undefined
}

export type RecordSolanaSponsorshipReturnType = {
  /** True when this message was already recorded under the policy (it was not counted again). */
  repeated: boolean
}

/**
 * Checks every limit of the Solana policy against its recorded usage (transactions per user per day,
 * the budget and the budget per user of the period, counted by `userKey`) and, in the same transaction,
 * records the transaction (user key, message hash, fee, and what settlement looks for: its id, blockhash
 * and last valid block height) and adds it to the policy's count and fees: the quoted fee, the most the
 * fee payer can pay for it, is reserved before the signature leaves, and stays counted until
 * `settleSolanaSponsorships` finds it landed (then its real fee) or expired unlanded (then 0). Call it
 * before answering the signed transaction: once it returns, the sponsorship counts (it survives a
 * restart).
 *
 * The same message again (a client retrying) is found by its hash and not counted twice: only one of
 * them can ever land. Writers of one policy serialize on the policy row as `recordSponsorship` does
 * (the update applies only when the row's count and fees are still the ones read, so two instances on
 * one database cannot both take the last of a budget); the unique index on (policy, message hash)
 * settles two instances recording the same message at once.
 *
 * @example
 * const { repeated } = await recordSolanaSponsorship(ctx.batcher, { policyId, appId, transaction, quote, now: Date.now() })
 */
export async function recordSolanaSponsorship(
  writes: Pick<WriteBatcher, 'run'>,
  parameters: RecordSolanaSponsorshipParameters,
): Promise<RecordSolanaSponsorshipReturnType> {
  const { policyId, appId, transaction, quote, now, serverMaxFeeLamports } = parameters
  return retryOnConflict(
    () =>
      writes.run(async (trx) => {
        const policy = await findSolanaSponsorPolicy(trx, { policyId, appId })
        const earlier = await trx
          .selectFrom('solana_sponsorships')
          .select('id')
          .where('policy_id', '=', policyId)
          .where('message_hash', '=', transaction.messageHash)
          .executeTakeFirst()
        if (earlier) {
          // Its fee is already reserved: only the limits that do not count usage apply.
          assertSolanaPolicyAllows(
            policy,
            { ...transaction, feeLamports: undefined },
            { now, usage: noSolanaPolicyUsage },
          )
          return { repeated: true }
        }
        const usage = await readSolanaPolicyUsage(trx, policy, { userKey: transaction.userKey, now })
        assertSolanaPolicyAllows(policy, transaction, { now, usage, serverMaxFeeLamports })
        const updated = await trx
          .updateTable('sponsor_policies')
          .set({
            operations: policy.transactions + 1,
            spent_wei: (policy.spentLamports + transaction.feeLamports).toString(),
            updated_at: now,
          })
          .where('id', '=', policyId)
          .where('operations', '=', policy.transactions)
          .where('spent_wei', '=', policy.spentLamports.toString())
          .executeTakeFirst()
        if (Number(updated.numUpdatedRows) !== 1) throw new VersionConflict()
        await trx
          .insertInto('solana_sponsorships')
          .values({
            id: createId(),
            policy_id: policyId,
            chain_id: transaction.chainId,
            user_address: transaction.user,
            user_key: transaction.userKey,
            message_hash: transaction.messageHash,
            fee_lamports: transaction.feeLamports.toString(),
            created_at: now,
            signature: quote.signature,
            blockhash: quote.blockhash,
            last_valid_block_height: quote.lastValidBlockHeight.toString(),
            settled_at: null,
            paid_lamports: null,
          })
          .execute()
        return { repeated: false }
      }),
    { retryWhen: isUniqueViolation },
  )
}
