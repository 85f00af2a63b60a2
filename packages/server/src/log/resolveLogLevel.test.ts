import { expect, test } from 'vitest'
import { resolveLogLevel } from './resolveLogLevel.js'

test('default: info', () => {
  expect(resolveLogLevel({})).toBe('info')
})

test('behavior: SIGIL_LOG_LEVEL sets it', () => {
  expect(resolveLogLevel({ SIGIL_LOG_LEVEL: 'warn' })).toBe('warn')
  expect(resolveLogLevel({ SIGIL_LOG_LEVEL: 'debug' })).toBe('debug')
})

test('error: an unknown level is refused', () => {
  expect(() => resolveLogLevel({ SIGIL_LOG_LEVEL: 'verbose' })).toThrow(/SIGIL_LOG_LEVEL must be one of/)
})
