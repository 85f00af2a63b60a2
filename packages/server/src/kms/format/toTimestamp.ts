import type { Timestamp } from '@sigil/protocol'

/**
 * Epoch milliseconds (as stored) → the wire's `{seconds, nanos}` strings.
 *
 * @example
 * toTimestamp(1746736509954) // { seconds: '1746736509', nanos: '954000000' }
 */
export function toTimestamp(epochMs: number | bigint | string): Timestamp {
  const ms = Number(epochMs)
  return { seconds: String(Math.floor(ms / 1000)), nanos: String((ms % 1000) * 1_000_000) }
}
