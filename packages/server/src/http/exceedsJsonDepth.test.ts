import { expect, test } from 'vitest'
import { exceedsJsonDepth, maxJsonDepth } from './exceedsJsonDepth.js'

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

test('default: JSON up to the limit passes, one level more does not', () => {
  expect(exceedsJsonDepth(nested(maxJsonDepth))).toBe(false)
  expect(exceedsJsonDepth(nested(maxJsonDepth + 1))).toBe(true)
  expect(exceedsJsonDepth(`${'{"a":'.repeat(3)}1${'}'.repeat(3)}`, 2)).toBe(true)
  expect(exceedsJsonDepth('{"a":[1],"b":{"c":[]}}', 3)).toBe(false)
  expect(exceedsJsonDepth('{"a":[1],"b":{"c":[]}}', 2)).toBe(true)
})

test('behavior: brackets inside strings, escaped quotes included, do not count', () => {
  expect(exceedsJsonDepth(`{"a":"${'['.repeat(100)}"}`, 1)).toBe(false)
  expect(exceedsJsonDepth(`{"a":"\\"${'{'.repeat(100)}\\\\"}`, 1)).toBe(false)
  expect(exceedsJsonDepth(`["\\\\",[[1]]]`, 2)).toBe(true)
})

test('behavior: many brackets side by side are not depth', () => {
  expect(exceedsJsonDepth(JSON.stringify(Array.from({ length: 1000 }, () => [{}])))).toBe(false)
})

test('behavior: 60,000 levels are found without recursion', () => {
  expect(exceedsJsonDepth(nested(60_000))).toBe(true)
})
