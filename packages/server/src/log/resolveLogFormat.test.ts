import { expect, test } from 'vitest'
import { resolveLogFormat } from './resolveLogFormat.js'

test('default: JSON lines in production, text in dev mode', () => {
  expect(resolveLogFormat(false, {})).toBe('json')
  expect(resolveLogFormat(true, {})).toBe('text')
})

test('behavior: SIGIL_LOG_FORMAT wins', () => {
  expect(resolveLogFormat(true, { SIGIL_LOG_FORMAT: 'json' })).toBe('json')
  expect(resolveLogFormat(false, { SIGIL_LOG_FORMAT: 'text' })).toBe('text')
})

test('error: an unknown format is refused', () => {
  expect(() => resolveLogFormat(false, { SIGIL_LOG_FORMAT: 'xml' })).toThrow(/json or text/)
})
