import { RpcError } from '../../gateway/RpcError.js'
import type { SolanaSponsorPolicy } from './SolanaSponsorPolicy.js'
import type { SponsoredSolanaTransaction } from './SponsoredSolanaTransaction.js'

/** Counted usage the per-user and budget limits are checked against (see `readSolanaPolicyUsage`). */
export type SolanaPolicyUsage = {
  /** Other transactions of this user (its `userKey`) signed under the policy since 00:00 UTC. */
  userTransactionsToday: number
  /** Fees (lamports, as quoted) reserved under the policy in the current budget period. */
  spentLamports: bigint
  /** The same for this user alone. */
  userSpentLamports: bigint
}

/** Usage of nothing yet: for a check that runs before the usage is read. */
export const noSolanaPolicyUsage: SolanaPolicyUsage = {
  userTransactionsToday: 0,
  spentLamports: 0n,
  userSpentLamports: 0n,
}

const periods = { total: 'in total', day: 'per UTC day', week: 'per UTC week', month: 'per UTC month' }

const refuse = (message: string) => new RpcError('POLICY_REFUSED', message)

/**
 * Throws a JSON-RPC policy refusal (-32501) naming the limit the transaction breaks: disabled,
 * expired, chain, programs, lamports per transaction (once the fee is known; the server's cap
 * `serverMaxFeeLamports` when the policy has none), transactions per user per day, and (once the fee
 * is known) the policy's budget and the budget per user for the period.
 *
 * @example
 * assertSolanaPolicyAllows(policy, transaction, { now: Date.now(), usage })
 */
export function assertSolanaPolicyAllows(
  policy: SolanaSponsorPolicy,
  transaction: SponsoredSolanaTransaction,
  {
    now,
    usage,
    serverMaxFeeLamports = null,
  }: { now: number; usage: SolanaPolicyUsage; serverMaxFeeLamports?: bigint | null | undefined },
): void {
  const name = `Policy ${policy.id}`
  if (policy.disabledAt !== null) throw refuse(`${name} is disabled`)
  if (policy.expiresAt !== null && now >= policy.expiresAt) throw refuse(`${name} has expired`)
  if (policy.chainIds && !policy.chainIds.includes(transaction.chainId))
    throw refuse(`${name} does not sponsor chain ${transaction.chainId}`)
  if (policy.allowedPrograms) {
    const refused = transaction.programs.find((program) => !policy.allowedPrograms!.includes(program))
    if (refused) throw refuse(`${name} does not allow program ${refused}`)
  }
  const fee = transaction.feeLamports
  const ownLimit = policy.maxLamportsPerTransaction
  if (fee !== undefined && ownLimit !== null && fee > ownLimit)
    throw refuse(`${name} allows at most ${ownLimit} lamports per transaction; this one costs ${fee}`)
  // A policy without its own limit would pay any priority fee a client sets: the server's cap applies.
  if (fee !== undefined && ownLimit === null && serverMaxFeeLamports !== null && fee > serverMaxFeeLamports)
    throw refuse(
      `${name} has no lamports limit and the server pays at most ${serverMaxFeeLamports} lamports per transaction (SIGIL_SOLANA_MAX_FEE_LAMPORTS); this one costs ${fee}`,
    )
  const perDay = policy.maxTransactionsPerUserPerDay
  if (perDay !== null && usage.userTransactionsToday >= perDay)
    throw refuse(`${name} allows ${perDay} transaction${perDay === 1 ? '' : 's'} per user per day`)
  if (fee === undefined) return
  const period = periods[policy.budgetPeriod]
  const budget = policy.budgetLamports
  if (budget !== null && usage.spentLamports + fee > budget)
    throw refuse(
      `${name} has a budget of ${budget} lamports ${period}: ${usage.spentLamports} are spent and this transaction may cost ${fee}`,
    )
  const perUser = policy.budgetPerUserLamports
  if (perUser !== null && usage.userSpentLamports + fee > perUser)
    throw refuse(
      `${name} allows each user ${perUser} lamports ${period}: this user has used ${usage.userSpentLamports} and this transaction may cost ${fee}`,
    )
}
