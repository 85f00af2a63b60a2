import { expect, test } from 'vitest'
import { describeFactor } from '../src/panels/describeFactor.js'

test('default: the kind and the day it was added', () => {
  expect(
    describeFactor({ multiFactorId: 'f', multiFactorType: 'totp', createdAt: '2026-12-07T22:40:00.000Z' }),
  ).toBe('Authenticator app · added 7 Dec 2026')
})

test('behavior: without a date (an older server), the kind alone', () => {
  expect(describeFactor({ multiFactorId: 'f', multiFactorType: 'totp' })).toBe('Authenticator app')
  expect(describeFactor({ multiFactorId: 'f', multiFactorType: 'totp', createdAt: 'not a date' })).toBe(
    'Authenticator app',
  )
})
