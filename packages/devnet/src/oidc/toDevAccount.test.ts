import { expect, test } from 'vitest'
import { toDevAccount } from './toDevAccount.js'

test('default: an email address is taken as it is (lower case), its first part capitalised as the name', () => {
  expect(toDevAccount(' Grace@Example.com ')).toEqual({ name: 'Grace', email: 'grace@example.com' })
})

test('behavior: a name becomes <name>@example.com, spaces and other characters as dots', () => {
  expect(toDevAccount('Ada Lovelace')).toEqual({ name: 'Ada Lovelace', email: 'ada.lovelace@example.com' })
  expect(toDevAccount("  O'Brien  ")).toEqual({ name: "O'Brien", email: 'o.brien@example.com' })
})

test('error: nothing, only punctuation, a misplaced @ or a too long entry is no account', () => {
  for (const input of [
    '',
    '   ',
    '!!!',
    'ada@',
    '@example.com',
    'ada@example..com',
    'a b@example.com',
    'x'.repeat(255),
  ])
    expect(toDevAccount(input)).toBeUndefined()
})
