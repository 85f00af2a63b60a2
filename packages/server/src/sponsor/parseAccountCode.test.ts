import { concat, getAddress, keccak256 } from 'viem'
import { describe, expect, test } from 'vitest'
import { erc1967ImplementationSlot, parseAccountCode } from './parseAccountCode.js'

const implementation = '0x8e8e658e22b12ada97b402ff0b044d6a325013c7'
/** Solady's minimal ERC-1967 proxy, as LibClone.createDeterministicERC1967 deploys it. */
const minimalErc1967 = concat([
  '0x363d3d373d3d363d7f',
  erc1967ImplementationSlot,
  '0x545af43d6000803e6038573d6000fd5b3d6000f3',
])

describe('parseAccountCode', () => {
  test('default: an empty account has no code', () => {
    expect(parseAccountCode('0x')).toEqual({ shape: 'none' })
  })

  test('behavior: an EIP-7702 designator names its delegate', () => {
    expect(parseAccountCode('0xef010069007702764179f14f51cdce752f4f775d74e139')).toEqual({
      shape: 'eip7702',
      delegate: '0x69007702764179f14F51cdce752f4f775d74E139',
    })
  })

  test("behavior: Solady's minimal ERC-1967 proxy keeps its implementation in storage (either case)", () => {
    expect(minimalErc1967.length).toBe(2 + 61 * 2)
    expect(parseAccountCode(minimalErc1967)).toEqual({ shape: 'erc1967' })
    expect(parseAccountCode(minimalErc1967.toUpperCase().replace('0X', '0x') as `0x${string}`)).toEqual({
      shape: 'erc1967',
    })
  })

  test("behavior: Solady's ERC-1967 proxy with 20 bytes of arguments (a semi-modular account's owner) is a proxy", () => {
    const owner = '0x00000000000000000000000000000000000a11ce'
    expect(parseAccountCode(concat([minimalErc1967, owner]))).toEqual({ shape: 'erc1967' })
    expect(parseAccountCode(concat([minimalErc1967, owner, '0x00'])).shape).toBe('other')
  })

  test('behavior: an EIP-1167 clone carries its implementation in its code', () => {
    const clone = concat(['0x363d3d373d3d3d363d73', implementation, '0x5af43d82803e903d91602b57fd5bf3'])
    expect(parseAccountCode(clone)).toEqual({ shape: 'eip1167', implementation: getAddress(implementation) })
  })

  test('error: anything else is other code, named by its hash', () => {
    const custom = '0x6080604052348015600f57600080fd5b50'
    expect(parseAccountCode(custom)).toEqual({ shape: 'other', codeHash: keccak256(custom) })
    // A designator with a byte too many, and a proxy with code appended, are not the patterns.
    const longDesignator = '0xef010069007702764179f14f51cdce752f4f775d74e13900'
    expect(parseAccountCode(longDesignator).shape).toBe('other')
    expect(parseAccountCode(concat([minimalErc1967, '0x00'])).shape).toBe('other')
    const badClone = concat(['0x363d3d373d3d3d363d73', implementation, '0x5af43d82803e903d91602b57fd5bf4'])
    expect(parseAccountCode(badClone).shape).toBe('other')
  })
})
