import { describe, expect, test } from 'vitest'
import { bip39Vectors } from './bip39.vectors.js'
import { isValidMnemonic } from './isValidMnemonic.js'

describe('isValidMnemonic', () => {
  test('default', () => {
    expect(isValidMnemonic('test test test test test test test test test test test junk')).toBe(true)
  })

  test('behavior: accepts every BIP-39 reference mnemonic', () => {
    for (const vector of bip39Vectors) expect(isValidMnemonic(vector.mnemonic)).toBe(true)
  })

  test('behavior: rejects a wrong checksum word', () => {
    expect(isValidMnemonic('test test test test test test test test test test test test')).toBe(false)
  })

  test('behavior: rejects non-canonical spelling instead of repairing it', () => {
    expect(isValidMnemonic('Test test test test test test test test test test test junk')).toBe(false)
    expect(isValidMnemonic('test  test test test test test test test test test test junk')).toBe(false)
    expect(isValidMnemonic(' test test test test test test test test test test test junk')).toBe(false)
    expect(isValidMnemonic('test test test test test test test test test test test junk\n')).toBe(false)
  })

  test('behavior: rejects word counts BIP-39 does not define and words outside the list', () => {
    expect(isValidMnemonic('')).toBe(false)
    expect(isValidMnemonic('abandon abandon abandon')).toBe(false)
    expect(isValidMnemonic('test test test test test test test test test test test jnuk')).toBe(false)
    expect(isValidMnemonic(undefined as unknown as string)).toBe(false)
  })
})
