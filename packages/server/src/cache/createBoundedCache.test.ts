import { expect, test } from 'vitest'
import { createBoundedCache } from './createBoundedCache.js'

test('default', () => {
  const cache = createBoundedCache<string, number>(2)
  cache.set('a', 1)
  cache.set('b', 2)
  expect(cache.get('a')).toBe(1)
  expect(cache.size).toBe(2)
})

test('behavior: a new key beyond the bound drops the oldest one', () => {
  const cache = createBoundedCache<string, number>(2)
  cache.set('a', 1)
  cache.set('b', 2)
  cache.set('c', 3)
  expect(cache.get('a')).toBeUndefined()
  expect(cache.get('c')).toBe(3)
  expect(cache.size).toBe(2)
})

test('behavior: setting a key it holds replaces the value without dropping another', () => {
  const cache = createBoundedCache<string, number>(2)
  cache.set('a', 1)
  cache.set('b', 2)
  cache.set('a', 3)
  expect(cache.get('a')).toBe(3)
  expect(cache.get('b')).toBe(2)
})

test('behavior: delete and clear', () => {
  const cache = createBoundedCache<string, number>(4)
  cache.set('a', 1)
  cache.set('b', 2)
  cache.delete('a')
  expect(cache.get('a')).toBeUndefined()
  cache.clear()
  expect(cache.size).toBe(0)
})

test('error: a bound that is not a positive integer', () => {
  expect(() => createBoundedCache(0)).toThrow(RangeError)
})
