import type { Kysely } from 'kysely'
import { type Address, isAddress } from 'viem'
import { createId } from '../ids/createId.js'
import type { Database } from '../store/schema.js'
import type { SponsorPolicy } from './SponsorPolicy.js'
import { SponsorPolicyError } from './SponsorPolicyError.js'
import { toSponsorPolicy } from './toSponsorPolicy.js'

export type CreateSponsorPolicyParameters = {
  appId: string
  name?: string | undefined
  chainIds?: number[] | undefined
  maxGasPerOperation?: bigint | undefined
  maxOperationsPerSenderPerDay?: number | undefined
  budgetWei?: bigint | undefined
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
  const refuse = (message: string) => {
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
    expires_at: parameters.expiresAt ?? null,
    disabled_at: null,
    created_at: parameters.now,
    updated_at: parameters.now,
  }
  await db.insertInto('sponsor_policies').values(row).execute()
  return toSponsorPolicy(row)
}
