/** One signature as the budgets count it (a `sponsor_operations` row, amounts as stored). */
export type UsageRow = {
  chain_id: number | bigint | string
  entry_point: string
  sender: string
  nonce: string
  user_key: string | null
  max_cost_wei: string
  created_at: number | bigint | string
  settled_at: number | bigint | string | null
  actual_cost_wei: string | null
  /** Epoch seconds: the signature's `validUntil` (null: rows from before migration 0010, all settled). */
  valid_until: number | bigint | string | null
}

/**
 * How long after its `validUntil` (by the server's clock) an unsettled signature still counts: a block
 * whose timestamp is at most `validUntil` may be mined, and settled, a little later than that.
 */
export const reservationGraceSeconds = 30

/** Whether an unsettled signature can no longer be included by the server's clock (`validUntil` + grace passed). */
export const isExpired = (row: Pick<UsageRow, 'valid_until'>, now: number) =>
  row.valid_until !== null && Math.floor(now / 1000) > Number(row.valid_until) + reservationGraceSeconds

export type PolicyTally = {
  /** Real cost of the operations the chain included (settled). */
  spentWei: bigint
  /** Worst cases still open: per nonce, the largest cost among its unsettled signatures. */
  reservedWei: bigint
  /** Distinct operations (nonces) signed. */
  operations: number
}

/** The operation a signature is for: one of a nonce's signatures at most can ever be included. */
export const nonceGroupOf = (row: Pick<UsageRow, 'chain_id' | 'entry_point' | 'sender' | 'nonce'>) =>
  `${row.chain_id}:${row.entry_point.toLowerCase()}:${row.sender.toLowerCase()}:${row.nonce}`

/** What one nonce's signatures count for: its real cost once included, else its largest open worst case. */
function groupCost(rows: UsageRow[], now: number): { spent: bigint; reserved: bigint } {
  let reserved = 0n
  for (const row of rows) {
    if (row.settled_at === null || row.actual_cost_wei === null) {
      if (isExpired(row, now)) continue
      const cost = BigInt(row.max_cost_wei)
      if (cost > reserved) reserved = cost
    } else if (row.actual_cost_wei !== '0') return { spent: BigInt(row.actual_cost_wei), reserved: 0n }
  }
  return { spent: 0n, reserved }
}

/**
 * Adds up signatures the way a budget counts them at `now` (epoch ms; docs/sponsorship.md): each nonce
 * (chain, EntryPoint, sender, nonce) counts once, as its real cost when the chain included one of its
 * signatures, else as the largest worst case among its open signatures (a re-signature never lowers
 * what is reserved). Released signatures (never included, or their nonce used by another operation)
 * count 0, and so do unsettled ones whose `validUntil` passed more than {@link reservationGraceSeconds}
 * ago by the server's clock: the EntryPoint refuses them, and settlement still charges one that the
 * chain included after all. `except` leaves one nonce out (the one being signed again).
 *
 * @example
 * const { spentWei, reservedWei } = tallyPolicyUsage(rows, { now: Date.now() })
 */
export function tallyPolicyUsage(
  rows: readonly UsageRow[],
  { except, now }: { except?: string | undefined; now: number },
): PolicyTally {
  const groups = new Map<string, UsageRow[]>()
  for (const row of rows) {
    const key = nonceGroupOf(row)
    if (key === except) continue
    const group = groups.get(key)
    if (group) group.push(row)
    else groups.set(key, [row])
  }
  let spentWei = 0n
  let reservedWei = 0n
  for (const group of groups.values()) {
    const { spent, reserved } = groupCost(group, now)
    spentWei += spent
    reservedWei += reserved
  }
  return { spentWei, reservedWei, operations: groups.size }
}

/**
 * What the nonce `key` counts for at `now` (its real cost once included, else its largest open worst
 * case; 0 when it has no signature yet).
 *
 * @example
 * const earlier = nonceGroupCost(rows, nonceGroupOf(row), Date.now())
 */
export function nonceGroupCost(rows: readonly UsageRow[], key: string, now: number): bigint {
  const { spent, reserved } = groupCost(
    rows.filter((row) => nonceGroupOf(row) === key),
    now,
  )
  return spent + reserved
}
