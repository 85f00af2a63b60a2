import type { SigilContext } from '../../SigilContext.js'

/** How recent an export must be for `/v1/track-key-export` to record it. */
export const keyExportWindowMs = 10 * 60_000

export type FindExportActivityParameters = {
  appId: string
  organizationId: string
  address: string
  type: 'ETH' | 'SOL'
}

/**
 * The latest completed export of `address` in an organization of `appId` within
 * {@link keyExportWindowMs}: an `export_wallet_account` of that address or an `export_wallet` of its
 * wallet. Undefined when the organization is another app's, the address is not one of its `type`
 * accounts, or no such export happened.
 *
 * @example
 * const found = await findExportActivity(ctx, { appId, organizationId, address: '0x…', type: 'ETH' })
 */
export async function findExportActivity(
  ctx: SigilContext,
  { appId, organizationId, address, type }: FindExportActivityParameters,
): Promise<{ activityId: string; address: string; userId: string | null } | undefined> {
  const organization = await ctx.store.db
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', organizationId)
    .where('app_id', '=', appId)
    .executeTakeFirst()
  if (!organization) return undefined
  const format = type === 'ETH' ? 'ADDRESS_FORMAT_ETHEREUM' : 'ADDRESS_FORMAT_SOLANA'
  const accounts = await ctx.store.db
    .selectFrom('wallet_accounts')
    .select(['address', 'wallet_id'])
    .where('organization_id', '=', organizationId)
    .where('address_format', '=', format)
    .execute()
  const account = accounts.find((candidate) =>
    type === 'ETH'
      ? candidate.address.toLowerCase() === address.toLowerCase()
      : candidate.address === address,
  )
  if (!account) return undefined
  const activities = await ctx.store.db
    .selectFrom('activities')
    .select(['id', 'type', 'result', 'user_id'])
    .where('organization_id', '=', organizationId)
    .where('type', 'in', ['ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT', 'ACTIVITY_TYPE_EXPORT_WALLET'])
    .where('status', '=', 'ACTIVITY_STATUS_COMPLETED')
    .where('created_at', '>=', ctx.now() - keyExportWindowMs)
    .orderBy('created_at', 'desc')
    .execute()
  const activity = activities.find((candidate) => {
    const result = JSON.parse(candidate.result) as {
      exportWalletAccountResult?: { address?: string }
      exportWalletResult?: { walletId?: string }
    }
    return candidate.type === 'ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT'
      ? result.exportWalletAccountResult?.address === account.address
      : result.exportWalletResult?.walletId === account.wallet_id
  })
  return activity
    ? { activityId: activity.id, address: account.address, userId: activity.user_id }
    : undefined
}
