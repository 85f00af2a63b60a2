import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../store/schema.js'

export type Owner = { userId: string; evmSignerAddress: `0x${string}` }

/**
 * The owners of a multi-owner organization, oldest first.
 *
 * @example
 * const owners = await listOwners(ctx.store.db, organizationId)
 */
export async function listOwners(
  db: Kysely<Database> | Transaction<Database>,
  organizationId: string,
): Promise<Owner[]> {
  const rows = await db
    .selectFrom('multi_owner_members')
    .select(['user_id', 'evm_signer_address'])
    .where('organization_id', '=', organizationId)
    .orderBy('created_at')
    .orderBy('user_id')
    .execute()
  return rows.map((row) => ({
    userId: row.user_id,
    evmSignerAddress: row.evm_signer_address as `0x${string}`,
  }))
}
