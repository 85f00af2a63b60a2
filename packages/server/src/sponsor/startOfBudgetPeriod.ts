import type { SponsorBudgetPeriod } from '../store/sponsorSchema.js'

const dayMs = 86_400_000

/**
 * Epoch ms at which the budget period holding `now` began, in UTC: 00:00 of the day, of the week's
 * Monday, of the month's first day; 0 for `'total'` (everything ever counts). Sponsorships created at
 * or after it count against the period's budget.
 *
 * @example
 * startOfBudgetPeriod('week', Date.UTC(2026, 10, 26, 13)) // Date.UTC(2026, 10, 23): Monday 23 November
 */
export function startOfBudgetPeriod(period: SponsorBudgetPeriod, now: number): number {
  const day = Math.floor(now / dayMs) * dayMs
  if (period === 'day') return day
  if (period === 'week') return day - ((new Date(day).getUTCDay() + 6) % 7) * dayMs
  if (period === 'month') {
    const date = new Date(now)
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1)
  }
  return 0
}
