import { isAddress } from '@solana/kit'
import type { Kysely } from 'kysely'
import { solanaChainIdPattern } from '../../gateway/ChainConfig.js'
import { createId } from '../../ids/createId.js'
import type { Database } from '../../store/schema.js'
import type { SponsorAudience, SponsorBudgetPeriod } from '../../store/sponsorSchema.js'
import { assertAudienceAndPeriod } from '../createSponsorPolicy.js'
import { SponsorPolicyError } from '../SponsorPolicyError.js'
import type { SolanaSponsorPolicy } from './SolanaSponsorPolicy.js'
import { toSolanaSponsorPolicy } from './toSolanaSponsorPolicy.js'

export type CreateSolanaSponsorPolicyParameters = {
  appId: string
  name?: string | undefined
  /** Solana chain ids (`solana-localnet`, …); omitted: every Solana chain the server serves. */
  chains?: string[] | undefined
  /** Largest fee one transaction may cost, lamports. */
  maxLamportsPerTransaction?: bigint | undefined
  /** Transactions one user may have sponsored per UTC day. */
  maxTransactionsPerUserPerDay?: number | undefined
  /** The most the fee payer pays under the policy per period, lamports; omitted: unlimited. */
  budgetLamports?: bigint | undefined
  /** The most one user may use per period, lamports. */
  budgetPerUserLamports?: bigint | undefined
  /** Default `'total'`. */
  budgetPeriod?: SponsorBudgetPeriod | undefined
  /** Default `'public'`. */
  audience?: SponsorAudience | undefined
  /** Base58 program ids the instructions may call; omitted: any. */
  allowedPrograms?: string[] | undefined
  /** Epoch ms. */
  expiresAt?: number | undefined
  now: number
}

/**
 * Creates a Solana fee payer policy for an app: `alchemy_requestFeePayer` with its id has the server's
 * fee payer pay the fees of the app's users' transactions, within the limits given (each optional).
 *
 * @example
 * const policy = await createSolanaSponsorPolicy(db, { appId, chains: ['solana-localnet'], maxLamportsPerTransaction: 10_000n, now: Date.now() })
 * policy.id // 'pol_…'
 */
export async function createSolanaSponsorPolicy(
  db: Kysely<Database>,
  parameters: CreateSolanaSponsorPolicyParameters,
): Promise<SolanaSponsorPolicy> {
  const refuse = (message: string): never => {
    throw new SponsorPolicyError(message)
  }
  const app = await db.selectFrom('apps').select('id').where('id', '=', parameters.appId).executeTakeFirst()
  if (!app) refuse(`app ${parameters.appId} not found`)
  for (const chain of parameters.chains ?? [])
    if (!solanaChainIdPattern.test(chain))
      refuse(`a Solana chain id is solana-<name> (e.g. solana-localnet), got ${chain}`)
  const maxLamports = parameters.maxLamportsPerTransaction
  if (maxLamports !== undefined && maxLamports <= 0n) refuse('max lamports per transaction must be positive')
  const perDay = parameters.maxTransactionsPerUserPerDay
  if (perDay !== undefined && (!Number.isSafeInteger(perDay) || perDay <= 0))
    refuse('transactions per user per day must be a positive integer')
  if (parameters.budgetLamports !== undefined && parameters.budgetLamports <= 0n)
    refuse('the budget must be positive')
  if (parameters.budgetPerUserLamports !== undefined && parameters.budgetPerUserLamports <= 0n)
    refuse('the budget per user must be positive')
  assertAudienceAndPeriod(parameters, refuse)
  for (const program of parameters.allowedPrograms ?? [])
    if (!isAddress(program)) refuse(`allowed program ${program} is not a base58 Solana address`)
  if (parameters.expiresAt !== undefined && !Number.isFinite(parameters.expiresAt)) refuse('invalid expiry')
  const id = `pol_${createId().replaceAll('-', '')}`
  const row = {
    id,
    app_id: parameters.appId,
    name: parameters.name?.trim() || id,
    kind: 'solana' as const,
    chain_ids: parameters.chains?.length ? JSON.stringify([...new Set(parameters.chains)]) : null,
    max_gas_per_operation: null,
    max_operations_per_sender_per_day: perDay ?? null,
    budget_wei: parameters.budgetLamports?.toString() ?? null,
    spent_wei: '0',
    operations: 0,
    allowed_targets: null,
    max_lamports_per_transaction: maxLamports?.toString() ?? null,
    allowed_programs: parameters.allowedPrograms
      ? JSON.stringify([...new Set(parameters.allowedPrograms)])
      : null,
    audience: parameters.audience ?? 'public',
    budget_period: parameters.budgetPeriod ?? 'total',
    budget_per_user_wei: parameters.budgetPerUserLamports?.toString() ?? null,
    max_cost_wei_per_operation: null,
    sender_factories: null,
    max_reserved_share_per_user_bps: 10_000,
    expires_at: parameters.expiresAt ?? null,
    disabled_at: null,
    created_at: parameters.now,
    updated_at: parameters.now,
  }
  await db.insertInto('sponsor_policies').values(row).execute()
  return toSolanaSponsorPolicy(row)
}
