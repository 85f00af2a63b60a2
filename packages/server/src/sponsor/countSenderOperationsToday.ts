import { nonceGroupOf, type UsageRow } from './tallyPolicyUsage.js'

const dayMs = 86_400_000

/** Epoch ms of 00:00 UTC of the day of `now`. */
export const startOfUtcDay = (now: number) => Math.floor(now / dayMs) * dayMs

/**
 * How many operations (distinct nonces: re-signatures of one nonce are one operation) the rows
 * signed since 00:00 UTC of `now`, leaving out the nonce `except` (the one being signed).
 *
 * @example
 * const count = countSenderOperationsToday(userRows, { now: Date.now(), except: nonceGroupOf(row) })
 */
export function countSenderOperationsToday(
  rows: readonly Pick<UsageRow, 'chain_id' | 'entry_point' | 'sender' | 'nonce' | 'created_at'>[],
  { now, except }: { now: number; except?: string },
): number {
  const today = startOfUtcDay(now)
  const groups = new Set<string>()
  for (const row of rows) if (Number(row.created_at) >= today) groups.add(nonceGroupOf(row))
  if (except !== undefined) groups.delete(except)
  return groups.size
}
