import type { Kysely } from 'kysely'
import type { Database } from '../store/schema.js'
import type { KeyProvider } from './KeyProvider.js'
import { parseEnvelope } from './parseEnvelope.js'
import { rewrapEnvelope } from './rewrapEnvelope.js'

/** Every stored vault envelope: table, primary key, envelope column. */
const sealedColumns = [
  { table: 'wallets', key: 'id', column: 'sealed_mnemonic' },
  { table: 'wallet_accounts', key: 'id', column: 'sealed_private_key' },
  { table: 'server_keys', key: 'name', column: 'sealed_private_key' },
  { table: 'mfa_factors', key: 'id', column: 'sealed_secret' },
  { table: 'oauth_requests', key: 'id', column: 'sealed_code_verifier' },
  // Null once the import key was used (migration 0021).
  { table: 'import_keys', key: 'id', column: 'sealed_private_key' },
] as const

export type RotateVaultParameters = {
  db: Kysely<Database>
  /** Keys that may wrap stored data keys now (the current master key, and any earlier one). */
  from: readonly KeyProvider[]
  /** The new master key. */
  to: KeyProvider
  /** Throttle: at most this many rows re-wrapped per second (default unlimited). */
  rowsPerSecond?: number | undefined
  /** Called after each re-wrapped row. */
  onProgress?: ((progress: { rewrapped: number; total: number }) => void) | undefined
}

export type RotateVaultReturnType = {
  /** Rows this call re-wrapped. */
  rewrapped: number
  /** Rows still wrapped by another key than `to` when it returned (0 when the rotation is done). */
  remaining: number
}

const pageSize = 200

/**
 * Re-wraps every stored data key under `to`, one row at a time. Each row's envelope names the key that wraps
 * it (`kid`), so the rows themselves record the progress: an update is one statement that only applies if
 * the row still holds the envelope that was read, so a crash (or a server writing meanwhile) leaves every row
 * either wholly old or wholly new, and running it again continues where it stopped. Done when `remaining`
 * is 0; until then the old key is still needed.
 *
 * @example
 * const { remaining } = await rotateVault({ db, from: [oldKey], to: newKey })
 */
export async function rotateVault(parameters: RotateVaultParameters): Promise<RotateVaultReturnType> {
  const { db, from, to, rowsPerSecond, onProgress } = parameters
  const gap = rowsPerSecond && rowsPerSecond > 0 ? 1000 / rowsPerSecond : 0
  let rewrapped = 0
  let total = await countRemaining(db, to)
  // A server still sealing under an old key can add rows during a pass: a few passes catch up with it.
  for (let pass = 0; pass < 3 && total > rewrapped; pass++) {
    for (const { table, key, column } of sealedColumns) {
      let after: string | undefined
      for (;;) {
        const rows = await selectPage(db, { table, key, column, after })
        if (rows.length === 0) break
        for (const row of rows) {
          const next = rewrapEnvelope(row.sealed, { from: [...from, to], to })
          if (next === undefined) continue
          // One statement, its own transaction; applies only if nobody changed the row since it was read.
          const result = await (db as unknown as Kysely<Record<string, Record<string, string>>>)
            .updateTable(table)
            .set({ [column]: next })
            .where(key, '=', row.key)
            .where(column, '=', row.sealed)
            .executeTakeFirst()
          if (Number(result.numUpdatedRows) === 1) {
            rewrapped++
            onProgress?.({ rewrapped, total: Math.max(total, rewrapped) })
            if (gap) await new Promise((resolve) => setTimeout(resolve, gap))
          }
        }
        after = rows.at(-1)!.key
      }
    }
    const remaining = await countRemaining(db, to)
    if (remaining === 0) return { rewrapped, remaining }
    total = rewrapped + remaining
  }
  return { rewrapped, remaining: await countRemaining(db, to) }
}

/**
 * Counts the stored envelopes not wrapped by `to`.
 *
 * @example
 * const left = await countRemaining(db, newKey)
 */
export async function countRemaining(db: Kysely<Database>, to: KeyProvider): Promise<number> {
  let remaining = 0
  for (const { table, key, column } of sealedColumns) {
    let after: string | undefined
    for (;;) {
      const rows = await selectPage(db, { table, key, column, after })
      if (rows.length === 0) break
      for (const row of rows) if (parseEnvelope(row.sealed).kid !== to.id) remaining++
      after = rows.at(-1)!.key
    }
  }
  return remaining
}

async function selectPage(
  db: Kysely<Database>,
  { table, key, column, after }: { table: string; key: string; column: string; after: string | undefined },
): Promise<Array<{ key: string; sealed: string }>> {
  const untyped = db as unknown as Kysely<Record<string, Record<string, string>>>
  let query = untyped
    .selectFrom(table)
    .select([`${key} as key`, `${column} as sealed`])
    .where(column, 'is not', null)
    .orderBy(key)
    .limit(pageSize)
  if (after !== undefined) query = query.where(key, '>', after)
  return (await query.execute()) as Array<{ key: string; sealed: string }>
}
