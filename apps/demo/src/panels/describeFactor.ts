import type { MultiFactor } from '@sigil/signer'

/** "7 Dec 2026": day, short month, year, in UTC so every viewer of a date reads the same day. */
const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})

/**
 * A second factor as a person names it: its kind and when it was added ("Authenticator app · added
 * 7 Dec 2026"), from the factor's `createdAt`; the kind alone when the server gives no date.
 *
 * @example
 * describeFactor({ multiFactorId: 'f', multiFactorType: 'totp', createdAt: '2026-12-07T22:40:00.000Z' })
 * // 'Authenticator app · added 7 Dec 2026'
 */
export function describeFactor(factor: MultiFactor): string {
  const kind = factor.multiFactorType === 'totp' ? 'Authenticator app' : 'Second factor'
  const added = factor.createdAt ? new Date(factor.createdAt) : undefined
  if (!added || Number.isNaN(added.getTime())) return kind
  return `${kind} · added ${dateFormat.format(added)}`
}
