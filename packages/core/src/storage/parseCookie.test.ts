import { expect, test } from 'vitest'
import { parseCookie } from './parseCookie.js'

test('default', () => {
  expect(parseCookie('theme=dark; alchemy-account-state=%7B%22a%22%3A1%7D', 'alchemy-account-state')).toBe(
    '{"a":1}',
  )
})

test('behavior: absent, prefixed names and undecodable values', () => {
  expect(parseCookie('', 'k')).toBeUndefined()
  expect(parseCookie('kk=1; k2=2', 'k')).toBeUndefined()
  expect(parseCookie('k=%E0%A4%A', 'k')).toBeUndefined()
  expect(parseCookie('a=1;k=x=y', 'k')).toBe('x=y')
})
