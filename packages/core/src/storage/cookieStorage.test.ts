import { afterEach, expect, test, vi } from 'vitest'
import { CoreError } from '../errors/CoreError.js'
import { createCookieJar } from '../test/createCookieJar.js'
import { cookieStorage } from './cookieStorage.js'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

test('default: a URI-encoded cookie on path / that lasts 34 560 000 ms', () => {
  vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) })
  const jar = createCookieJar()
  vi.stubGlobal('document', jar)
  const storage = cookieStorage()
  storage.setItem('alchemy-account-state', '{"state":{"a":"b; c"},"version":14}')
  expect(jar.written).toEqual([
    `alchemy-account-state=${encodeURIComponent('{"state":{"a":"b; c"},"version":14}')}; expires=${new Date(
      Date.UTC(2026, 0, 1) + 34_560_000,
    ).toUTCString()}; path=/; SameSite=Lax`,
  ])
  expect(storage.getItem('alchemy-account-state')).toBe('{"state":{"a":"b; c"},"version":14}')
  expect(storage.length).toBe(1)
  expect(storage.key(0)).toBe('alchemy-account-state')
})

test('behavior: domain, and removeItem expires the cookie', () => {
  const jar = createCookieJar()
  vi.stubGlobal('document', jar)
  const storage = cookieStorage({ domain: 'example.com', sessionLength: 60_000 })
  storage.setItem('k', 'v')
  expect(jar.written[0]).toMatch(/; path=\/; SameSite=Lax; domain=example\.com$/)
  storage.removeItem('k')
  expect(jar.written[1]).toMatch(
    /^k=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=\/; SameSite=Lax; domain=example\.com$/,
  )
  expect(storage.getItem('k')).toBeNull()
  expect(storage.length).toBe(0)
})

test('behavior: without a document (the server) it reads and writes nothing', () => {
  const storage = cookieStorage()
  storage.setItem('k', 'v')
  expect(storage.getItem('k')).toBeNull()
  expect(storage.length).toBe(0)
})

test('error: clear()', () => {
  expect(() => cookieStorage().clear()).toThrowError(CoreError)
})
