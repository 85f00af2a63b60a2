import { expect, test } from 'vitest'
import { parseWorkers } from './parseWorkers.js'

test('default: one process when neither --workers nor SIGIL_WORKERS is given', () => {
  expect(parseWorkers(undefined, {})).toBe(1)
  expect(parseWorkers(undefined, { SIGIL_WORKERS: '' })).toBe(1)
})

test('behavior: the flag wins over SIGIL_WORKERS; auto is the cores', () => {
  expect(parseWorkers('3', { SIGIL_WORKERS: '2' })).toBe(3)
  expect(parseWorkers(undefined, { SIGIL_WORKERS: '2' })).toBe(2)
  expect(parseWorkers('auto', {}, () => 6)).toBe(6)
  expect(parseWorkers(undefined, { SIGIL_WORKERS: 'auto' }, () => 2)).toBe(2)
})

test('error: not a whole number from 1 to 64', () => {
  for (const text of ['0', '-1', '1.5', '65', 'two', ' 2', '100'])
    expect(() => parseWorkers(text, {}), text).toThrow(`--workers must be 1-64 or auto, got ${text}`)
})
