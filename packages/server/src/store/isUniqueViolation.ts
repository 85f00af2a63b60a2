/**
 * Whether `error` (or an error in its `cause` chain) is a unique-constraint or primary-key violation, on
 * SQLite (`SQLITE_CONSTRAINT_UNIQUE` / `_PRIMARYKEY`) or PostgreSQL (SQLSTATE `23505`). Use it to turn a
 * duplicate insert into a domain answer, e.g. a replayed activity fingerprint.
 *
 * @example
 * try {
 *   await batcher.run((trx) => trx.insertInto('activities').values(activity).execute())
 * } catch (error) {
 *   if (isUniqueViolation(error)) throw new ReplayedActivityError(...)
 *   throw error
 * }
 */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code
    if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
      return true
    current = current.cause
  }
  return false
}
