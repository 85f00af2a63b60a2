import { describe, expect, test } from 'vitest'
import { InvalidWalletAccountError } from './InvalidWalletAccountError.js'
import { hardenedOffset, parseDerivationPath } from './parseDerivationPath.js'

const h = (index: number) => index + hardenedOffset

function catchError(run: () => unknown): InvalidWalletAccountError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidWalletAccountError)
    return error as InvalidWalletAccountError
  }
  throw new Error('expected an error')
}

describe('parseDerivationPath', () => {
  test('default', () => {
    expect(parseDerivationPath("m/44'/60'/0'/0/0")).toEqual([h(44), h(60), h(0), 0, 0])
  })

  test('behavior: the master key is "m"', () => {
    expect(parseDerivationPath('m')).toEqual([])
  })

  test('behavior: fully hardened Solana path', () => {
    expect(parseDerivationPath("m/44'/501'/0'/0'")).toEqual([h(44), h(501), h(0), h(0)])
  })

  test('behavior: the largest index on each side of the hardened offset', () => {
    expect(parseDerivationPath("m/2147483647/2147483647'")).toEqual([2147483647, 0xffffffff])
  })

  test.each([
    ['', 'empty'],
    ['M/0', 'capital M'],
    ["m'/0", 'hardened root'],
    ['44/0', 'no root'],
    ['m/', 'trailing slash'],
    ['m//0', 'empty level'],
    ['m/0h', '"h" marker'],
    ['m/0H', '"H" marker'],
    ["m/0''", 'double marker'],
    ['m/01', 'leading zero'],
    ['m/-1', 'negative'],
    ['m/1.5', 'fraction'],
    ['m/ 0', 'space'],
    ['m/0x10', 'hex'],
    ['m/2147483648', 'index 2^31'],
    ["m/2147483648'", 'hardened index 2^31'],
    ['m/99999999999999999999', 'huge'],
  ])('error: %j (%s)', (path) => {
    expect(() => parseDerivationPath(path)).toThrow(InvalidWalletAccountError)
    expect(() => parseDerivationPath(path)).toThrow('invalid derivation path')
  })

  test('error: more than 255 levels', () => {
    expect(parseDerivationPath(`m${'/0'.repeat(255)}`)).toHaveLength(255)
    expect(() => parseDerivationPath(`m${'/0'.repeat(256)}`)).toThrow('at most 255 levels')
  })

  test('error: not a string', () => {
    expect(() => parseDerivationPath(undefined as unknown as string)).toThrow(InvalidWalletAccountError)
  })

  test('error: details name the level and stay short for a huge path', () => {
    expect(catchError(() => parseDerivationPath("m/44'/x/0")).details).toBe(
      `"m/44'/x/0": level 2 ("x") is not an index like 0 or 44'`,
    )
    expect(catchError(() => parseDerivationPath(`m/${'9'.repeat(10_000)}`)).message.length).toBeLessThan(300)
    expect(catchError(() => parseDerivationPath(`m/0/${'x'.repeat(10_000)}`)).message.length).toBeLessThan(
      300,
    )
  })
})
