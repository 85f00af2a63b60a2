import { expect, test } from 'vitest'
import { startOfBudgetPeriod } from './startOfBudgetPeriod.js'

// Thursday 26 November 2026, 13:45:30.250 UTC.
const now = Date.UTC(2026, 10, 26, 13, 45, 30, 250)

test('default: each period starts at its UTC boundary; total counts everything', () => {
  expect(startOfBudgetPeriod('day', now)).toBe(Date.UTC(2026, 10, 26))
  expect(startOfBudgetPeriod('week', now)).toBe(Date.UTC(2026, 10, 23))
  expect(startOfBudgetPeriod('month', now)).toBe(Date.UTC(2026, 10, 1))
  expect(startOfBudgetPeriod('total', now)).toBe(0)
})

test('behavior: a week starts on Monday, also when now is a Monday or a Sunday', () => {
  expect(startOfBudgetPeriod('week', Date.UTC(2026, 10, 23))).toBe(Date.UTC(2026, 10, 23))
  expect(startOfBudgetPeriod('week', Date.UTC(2026, 10, 29, 23, 59))).toBe(Date.UTC(2026, 10, 23))
  expect(startOfBudgetPeriod('week', Date.UTC(2026, 10, 30))).toBe(Date.UTC(2026, 10, 30))
  expect(startOfBudgetPeriod('month', Date.UTC(2027, 0, 1))).toBe(Date.UTC(2027, 0, 1))
})
