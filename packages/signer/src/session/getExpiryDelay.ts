/** The largest delay `setTimeout` accepts (2^31 − 1 ms); larger ones fire at once. */
export const maxTimeoutMs = 2147483647

/**
 * How long to wait before a session expires, capped at {@link maxTimeoutMs} so that a long
 * session does not overflow `setTimeout` and expire immediately.
 *
 * @example
 * getExpiryDelay(Date.now() + 900_000) // ~900000
 */
export function getExpiryDelay(expirationDateMs: number, now = Date.now()): number {
  return Math.min(Math.max(expirationDateMs - now, 0), maxTimeoutMs)
}
