import type { PolicySpending } from '../sponsor/readPolicySpending.js'
import type { SponsorPolicy } from '../sponsor/SponsorPolicy.js'
import type { SolanaPolicySpending } from '../sponsor/solana/readSolanaPolicySpending.js'
import type { SolanaSponsorPolicy } from '../sponsor/solana/SolanaSponsorPolicy.js'
import type { PaymasterDeposit } from './readPaymasterDeposits.js'

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())
const decimal = (value: bigint | null) => value?.toString() ?? null

export type PolicyJsonExtras = {
  /** Where the budget stands in its current period (`policy list`). */
  spending?: PolicySpending | undefined
  /** Deposits of the paymasters on the policy's chains (`policy list`). */
  paymasterDeposits?: PaymasterDeposit[] | undefined
  /** Where a Solana policy's budget stands in its current period (`policy list`). */
  solanaSpending?: SolanaPolicySpending | undefined
}

/**
 * A policy as the `policy` commands print it: amounts as decimal strings, times as ISO 8601, `kind`
 * `'evm'` (gas) or `'solana'` (fee payer) with that kind's limits. `policy list` adds, for gas
 * policies, the budget period's `periodStartedAt`, `spentWei` (real cost of included operations),
 * `reservedWei` (open worst cases), `remainingWei` (null: unlimited) and `paymasterDeposits`.
 */
export function policyJson(policy: SponsorPolicy | SolanaSponsorPolicy, extras: PolicyJsonExtras = {}) {
  const common = {
    policyId: policy.id,
    appId: policy.appId,
    kind: policy.kind,
    name: policy.name,
    audience: policy.audience,
  }
  const times = {
    expiresAt: iso(policy.expiresAt),
    disabledAt: iso(policy.disabledAt),
    createdAt: iso(policy.createdAt),
  }
  if (policy.kind === 'solana')
    return {
      ...common,
      chainIds: policy.chainIds,
      budgetLamports: decimal(policy.budgetLamports),
      budgetPerUserLamports: decimal(policy.budgetPerUserLamports),
      budgetPeriod: policy.budgetPeriod,
      maxLamportsPerTransaction: decimal(policy.maxLamportsPerTransaction),
      maxTransactionsPerUserPerDay: policy.maxTransactionsPerUserPerDay,
      allowedPrograms: policy.allowedPrograms,
      // All time, landed fees and open quotes together; with `policy list`, the current period's landed
      // fees, its open quotes (`reservedLamports`) and what the budget still allows in it.
      spentLamports: (extras.solanaSpending?.spentLamports ?? policy.spentLamports).toString(),
      ...(extras.solanaSpending
        ? {
            periodStartedAt: iso(extras.solanaSpending.periodStart),
            reservedLamports: extras.solanaSpending.reservedLamports.toString(),
            remainingLamports: decimal(extras.solanaSpending.remainingLamports),
          }
        : {}),
      transactions: policy.transactions,
      ...times,
    }
  const { spending, paymasterDeposits } = extras
  return {
    ...common,
    chainIds: policy.chainIds,
    budgetWei: decimal(policy.budgetWei),
    budgetPerUserWei: decimal(policy.budgetPerUserWei),
    budgetPeriod: policy.budgetPeriod,
    maxCostWeiPerOperation: decimal(policy.maxCostWeiPerOperation),
    // Percent of `budgetWei` one user may hold in open reservations (100: no share limit).
    maxReservedSharePerUser: policy.maxReservedSharePerUserBps / 100,
    maxGasPerOperation: decimal(policy.maxGasPerOperation),
    maxOperationsPerSenderPerDay: policy.maxOperationsPerSenderPerDay,
    senderFactories: policy.senderFactories,
    allowedTargets: policy.allowedTargets,
    // Without `policy list`'s settlement: the real cost of every included operation so far.
    spentWei: (spending?.spentWei ?? policy.spentWei).toString(),
    ...(spending
      ? {
          periodStartedAt: iso(spending.periodStart),
          reservedWei: spending.reservedWei.toString(),
          remainingWei: decimal(spending.remainingWei),
        }
      : {}),
    operations: policy.operations,
    ...(paymasterDeposits ? { paymasterDeposits } : {}),
    ...times,
  }
}
