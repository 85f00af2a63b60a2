import type { Kysely } from 'kysely'
import { type Address, isAddress } from 'viem'
import { createId } from '../ids/createId.js'
import type { Database } from '../store/schema.js'
import type { SponsorAudience, SponsorBudgetPeriod } from '../store/sponsorSchema.js'
import { defaultReservedSharePerUserBps } from './maxReservedWeiPerUser.js'
import type { SponsorPolicy } from './SponsorPolicy.js'
import { SponsorPolicyError } from './SponsorPolicyError.js'
import { toSponsorPolicy } from './toSponsorPolicy.js'

/**
 * The gas per operation (every gas limit and `preVerificationGas` added up) `sigil-server policy create`
 * gives a gas policy without `--max-gas`: 5,000,000. An honest operation of every Sigil account type fits
 * with room to spare (the devnet suites' operations, account deployment, batches, owner changes and 7702
 * delegation included, all stay under 1,000,000); an operation that needs more is a heavy contract call
 * the operator allows with `--max-gas`. See `docs/sponsorship.md`.
 */
export const defaultMaxGasPerOperation = 5_000_000n

export type CreateSponsorPolicyParameters = {
  appId: string
  name?: string | undefined
  chainIds?: number[] | undefined
  maxGasPerOperation?: bigint | undefined
  maxOperationsPerSenderPerDay?: number | undefined
  /** Omitted: unlimited (the CLI asks for `--unlimited` to say so). */
  budgetWei?: bigint | undefined
  /** Default `'total'`. */
  budgetPeriod?: SponsorBudgetPeriod | undefined
  budgetPerUserWei?: bigint | undefined
  /** The largest share of the budget one user may hold in open reservations, basis points (1–10000); default {@link defaultReservedSharePerUserBps}. */
  maxReservedSharePerUserBps?: number | undefined
  maxCostWeiPerOperation?: bigint | undefined
  /** Default `'public'`. */
  audience?: SponsorAudience | undefined
  /** Factories whose accounts it sponsors; omitted: any sender. */
  senderFactories?: string[] | undefined
  allowedTargets?: string[] | undefined
  /** Epoch ms. */
  expiresAt?: number | undefined
  now: number
}

/**
 * Creates a gas sponsorship policy for an app. Every limit is optional; a policy without limits
 * sponsors every operation of the app on every chain the server serves.
 *
 * @example
 * const policy = await createSponsorPolicy(db, { appId, chainIds: [31337], maxOperationsPerSenderPerDay: 5, now: Date.now() })
 * policy.id // 'pol_…'
 */
export async function createSponsorPolicy(
  db: Kysely<Database>,
  parameters: CreateSponsorPolicyParameters,
): Promise<SponsorPolicy> {
  const refuse = (message: string): never => {
    throw new SponsorPolicyError(message)
  }
  const app = await db.selectFrom('apps').select('id').where('id', '=', parameters.appId).executeTakeFirst()
  if (!app) refuse(`app ${parameters.appId} not found`)
  for (const chainId of parameters.chainIds ?? [])
    if (!Number.isSafeInteger(chainId) || chainId <= 0)
      refuse(`chain id must be a positive integer, got ${chainId}`)
  if (parameters.maxGasPerOperation !== undefined && parameters.maxGasPerOperation <= 0n)
    refuse('max gas per operation must be positive')
  const perDay = parameters.maxOperationsPerSenderPerDay
  if (perDay !== undefined && (!Number.isSafeInteger(perDay) || perDay <= 0))
    refuse('operations per sender per day must be a positive integer')
  if (parameters.budgetWei !== undefined && parameters.budgetWei <= 0n) refuse('the budget must be positive')
  if (parameters.budgetPerUserWei !== undefined && parameters.budgetPerUserWei <= 0n)
    refuse('the budget per user must be positive')
  if (parameters.maxCostWeiPerOperation !== undefined && parameters.maxCostWeiPerOperation <= 0n)
    refuse('the cost cap per operation must be positive')
  const share = parameters.maxReservedSharePerUserBps ?? defaultReservedSharePerUserBps
  if (!Number.isSafeInteger(share) || share < 1 || share > 10_000)
    refuse(`the reserved share per user must be from 0.01 % to 100 %, got ${share / 100} %`)
  assertAudienceAndPeriod(parameters, refuse)
  const factories = parameters.senderFactories?.map((factory) => {
    if (!isAddress(factory, { strict: false })) refuse(`sender factory ${factory} is not an address`)
    return factory.toLowerCase() as Address
  })
  const targets = parameters.allowedTargets?.map((target) => {
    if (!isAddress(target, { strict: false })) refuse(`allowed target ${target} is not an address`)
    return target.toLowerCase() as Address
  })
  if (parameters.expiresAt !== undefined && !Number.isFinite(parameters.expiresAt)) refuse('invalid expiry')
  const id = `pol_${createId().replaceAll('-', '')}`
  const row = {
    id,
    app_id: parameters.appId,
    name: parameters.name?.trim() || id,
    kind: 'evm' as const,
    chain_ids: parameters.chainIds?.length ? JSON.stringify([...new Set(parameters.chainIds)]) : null,
    max_gas_per_operation: parameters.maxGasPerOperation?.toString() ?? null,
    max_operations_per_sender_per_day: perDay ?? null,
    budget_wei: parameters.budgetWei?.toString() ?? null,
    spent_wei: '0',
    operations: 0,
    allowed_targets: targets ? JSON.stringify([...new Set(targets)]) : null,
    max_lamports_per_transaction: null,
    allowed_programs: null,
    audience: parameters.audience ?? 'public',
    budget_period: parameters.budgetPeriod ?? 'total',
    budget_per_user_wei: parameters.budgetPerUserWei?.toString() ?? null,
    max_cost_wei_per_operation: parameters.maxCostWeiPerOperation?.toString() ?? null,
    max_reserved_share_per_user_bps: share,
    sender_factories: factories ? JSON.stringify([...new Set(factories)]) : null,
    expires_at: parameters.expiresAt ?? null,
    disabled_at: null,
    created_at: parameters.now,
    updated_at: parameters.now,
  }
  await db.insertInto('sponsor_policies').values(row).execute()
  return toSponsorPolicy(row)
}

export const sponsorAudiences: readonly SponsorAudience[] = ['public', 'signed-in', 'server']
export const sponsorBudgetPeriods: readonly SponsorBudgetPeriod[] = ['total', 'day', 'week', 'month']

/** Refuses an audience or budget period that is not one of the known names. */
export function assertAudienceAndPeriod(
  parameters: { audience?: string | undefined; budgetPeriod?: string | undefined },
  refuse: (message: string) => never,
): void {
  const { audience, budgetPeriod } = parameters
  if (audience !== undefined && !sponsorAudiences.includes(audience as SponsorAudience))
    refuse(`audience must be one of ${sponsorAudiences.join(', ')}, got ${audience}`)
  if (budgetPeriod !== undefined && !sponsorBudgetPeriods.includes(budgetPeriod as SponsorBudgetPeriod))
    refuse(`budget period must be one of ${sponsorBudgetPeriods.join(', ')}, got ${budgetPeriod}`)
}
