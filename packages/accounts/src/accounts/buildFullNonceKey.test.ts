import { maxUint32, maxUint152 } from 'viem'
import { expect, test } from 'vitest'
import { buildFullNonceKey } from './buildFullNonceKey.js'

test('default: the owner entity with global validation is key 1', () => {
  expect(buildFullNonceKey({ entityId: 0 })).toBe(1n)
})

test('behavior: (nonceKey << 40) + (entityId << 8) + global + 2 × deferred', () => {
  expect(buildFullNonceKey({ nonceKey: 3n, entityId: 5, isGlobalValidation: true })).toBe(
    3n * 2n ** 40n + 5n * 256n + 1n,
  )
  expect(buildFullNonceKey({ entityId: 5, isGlobalValidation: false })).toBe(0x500n)
  expect(buildFullNonceKey({ entityId: 0, isDeferredAction: true })).toBe(3n)
  expect(buildFullNonceKey({ nonceKey: maxUint152, entityId: Number(maxUint32) })).toBe(
    (maxUint152 << 40n) + (maxUint32 << 8n) + 1n,
  )
})

test('error: nonce key above 2**152 - 1 or negative', () => {
  expect(() => buildFullNonceKey({ nonceKey: maxUint152 + 1n, entityId: 0 })).toThrow(
    'Nonce key is 5708990770823839524233143877797980545530986496 but has to be less than or equal to 2**152',
  )
  expect(() => buildFullNonceKey({ nonceKey: -1n, entityId: 0 })).toThrow(/InvalidNonceKeyError|Nonce key/)
})

test('error: entity id above uint32 max, negative or fractional', () => {
  for (const entityId of [2 ** 32, -1, 1.5])
    expect(() => buildFullNonceKey({ entityId })).toThrow(
      `Entity ID used is ${entityId}, but must be less than or equal to uint32.max`,
    )
})
