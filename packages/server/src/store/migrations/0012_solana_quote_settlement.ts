import { type Kysely, sql } from 'kysely'

/**
 * Solana quotes that can be released (docs/sponsorship.md#solana-fee-payer): each co-signed transaction
 * records its id (`signature`, the fee payer's signature), its blockhash and the last block height at
 * which the node accepts that blockhash; settlement later sets `paid_lamports` (the fee the transaction
 * paid once it landed, `'0'` when its blockhash expired and it never did) and `settled_at`. Until then
 * the quote counts. Rows recorded before this migration have no signature to look for: they stay
 * counted at their quote, as they were (settled at once).
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current Database type.
export async function up(db: Kysely<any>): Promise<void> {
  const sponsorships = db.schema.alterTable('solana_sponsorships')
  await sponsorships.addColumn('signature', 'text').execute()
  await sponsorships.addColumn('blockhash', 'text').execute()
  await sponsorships.addColumn('last_valid_block_height', 'text').execute()
  await sponsorships.addColumn('settled_at', 'bigint').execute()
  await sponsorships.addColumn('paid_lamports', 'text').execute()
  await db
    .updateTable('solana_sponsorships')
    .set((eb) => ({ settled_at: eb.ref('created_at'), paid_lamports: eb.ref('fee_lamports') }))
    .execute()
  // Settlement's work list: the quotes still open (a partial index stays small).
  await db.schema
    .createIndex('solana_sponsorships_open')
    .on('solana_sponsorships')
    .columns(['chain_id', 'created_at'])
    .where(sql<boolean>`settled_at is null`)
    .execute()
}
