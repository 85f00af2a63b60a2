import { sql } from 'kysely'
import { ApiError } from '../../http/errors/ApiError.js'
import type { SigilContext } from '../../SigilContext.js'

/**
 * Finds the wallet account `signWith` names in an organization: its address (Ethereum addresses
 * match in any letter case) or its public key.
 *
 * @example
 * const account = await findSigningAccount(ctx, { organizationId, signWith: '0xf39F…' })
 */
export async function findSigningAccount(
  ctx: SigilContext,
  { organizationId, signWith }: { organizationId: string; signWith: string },
) {
  const base = ctx.store.db
    .selectFrom('wallet_accounts')
    .select(['id', 'curve', 'address', 'sealed_private_key', 'wallet_id'])
    .where('organization_id', '=', organizationId)
  let account = await base.where('address', '=', signWith).executeTakeFirst()
  if (!account && /^0x[0-9a-fA-F]{40}$/.test(signWith))
    account = await base.where(sql`lower(address)`, '=', signWith.toLowerCase()).executeTakeFirst()
  if (!account && /^(0x)?[0-9a-fA-F]{64,130}$/.test(signWith))
    account = await base
      .where('public_key', '=', signWith.replace(/^0x/, '').toLowerCase())
      .executeTakeFirst()
  if (!account)
    throw new ApiError('NOT_FOUND', `no wallet account found for signWith: ${signWith}`, {
      errorCode: 'NOT_FOUND',
    })
  return account
}
