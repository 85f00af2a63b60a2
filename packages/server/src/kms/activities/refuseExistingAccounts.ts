import { ApiError } from '../../http/errors/ApiError.js'
import type { SigilContext } from '../../SigilContext.js'

/**
 * Refuses with 409 `ALREADY_EXISTS` addresses an organization already has (or one listed twice): an
 * address belongs to one account per organization (the unique index of migration 0001). Importing a
 * wallet or key the user already holds therefore names the address instead of creating a second copy.
 *
 * @example
 * await refuseExistingAccounts(ctx, { organizationId, addresses })
 */
export async function refuseExistingAccounts(
  ctx: SigilContext,
  { organizationId, addresses }: { organizationId: string; addresses: string[] },
): Promise<void> {
  if (addresses.length === 0) return
  const existing = await ctx.store.db
    .selectFrom('wallet_accounts')
    .select('address')
    .where('organization_id', '=', organizationId)
    .where('address', 'in', addresses)
    .executeTakeFirst()
  if (existing || new Set(addresses).size !== addresses.length)
    throw new ApiError(
      'ALREADY_EXISTS',
      `wallet account already exists: ${existing?.address ?? 'duplicate account'}`,
      {
        errorCode: 'WALLET_ACCOUNT_EXISTS',
        details: existing
          ? 'this organization already holds an account with that address (was this wallet or key imported or created before?)'
          : 'two of the requested accounts have the same address',
      },
    )
}
