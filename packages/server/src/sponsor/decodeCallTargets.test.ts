import { concat, encodeFunctionData, parseAbi } from 'viem'
import { describe, expect, test } from 'vitest'
import { decodeCallTargets } from './decodeCallTargets.js'

const a = '0x1111111111111111111111111111111111111111'
const b = '0xabababababababababababababababababababab'
const B = '0xABaBaBaBABabABabAbAbABAbABabababaBaBABaB' as const
const abi = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
  'function executeBatch(address[] dest, bytes[] func)',
  'function transfer(address to, uint256 amount)',
])

describe('decodeCallTargets', () => {
  test('default: execute(address,uint256,bytes) names its target', () => {
    const data = encodeFunctionData({ abi, functionName: 'execute', args: [a, 1n, '0x1234'] })
    expect(data.slice(0, 10)).toBe('0xb61d27f6')
    expect(decodeCallTargets(data)).toEqual([a])
  })

  test('behavior: every executeBatch form names every target, lowercase', () => {
    const arrays = encodeFunctionData({
      abi,
      functionName: 'executeBatch',
      args: [
        [a, B],
        [0n, 0n],
        ['0x', '0x'],
      ],
    })
    expect(arrays.slice(0, 10)).toBe('0x47e1da2a')
    const tuples = encodeFunctionData({
      abi,
      functionName: 'executeBatch',
      args: [
        [
          { target: a, value: 0n, data: '0x' },
          { target: B, value: 1n, data: '0x12' },
        ],
      ],
    })
    expect(tuples.slice(0, 10)).toBe('0x34fcd5be')
    const pairs = encodeFunctionData({
      abi,
      functionName: 'executeBatch',
      args: [
        [a, B],
        ['0x', '0x'],
      ],
    })
    expect(pairs.slice(0, 10)).toBe('0x18dfb3c7')
    for (const data of [arrays, tuples, pairs]) expect(decodeCallTargets(data)).toEqual([a, b])
  })

  test('behavior: the executeUserOp prefix 0x8DD7712F is looked through', () => {
    const inner = encodeFunctionData({ abi, functionName: 'execute', args: [b, 0n, '0x'] })
    expect(decodeCallTargets(concat(['0x8DD7712F', inner]))).toEqual([b])
  })

  test('behavior: empty call data calls nothing', () => {
    expect(decodeCallTargets('0x')).toEqual([])
  })

  test('error: other call data is undecodable', () => {
    expect(decodeCallTargets(encodeFunctionData({ abi, functionName: 'transfer', args: [a, 1n] }))).toBe(
      undefined,
    )
    expect(decodeCallTargets('0xb61d27f6')).toBe(undefined)
  })
})

describe('decodeCallTargets for a known account type', () => {
  const execute = encodeFunctionData({ abi, functionName: 'execute', args: [a, 0n, '0x'] })
  const tuples = encodeFunctionData({
    abi,
    functionName: 'executeBatch',
    args: [[{ target: a, value: 0n, data: '0x' }]],
  })
  const pairs = encodeFunctionData({ abi, functionName: 'executeBatch', args: [[a], ['0x']] })

  test('default: execute reads the same for every account type', () => {
    expect(decodeCallTargets(execute, 'light-account')).toEqual([a])
    expect(decodeCallTargets(execute, 'modular-account')).toEqual([a])
  })

  test("behavior: only the type's own executeBatch forms and prefix decode", () => {
    expect(decodeCallTargets(pairs, 'light-account')).toEqual([a])
    expect(decodeCallTargets(tuples, 'modular-account')).toEqual([a])
    expect(decodeCallTargets(concat(['0x8dd7712f', execute]), 'modular-account')).toEqual([a])
  })

  test('error: a form the account does not implement could reach anything, so it is undecodable', () => {
    expect(decodeCallTargets(tuples, 'light-account')).toBe(undefined)
    expect(decodeCallTargets(pairs, 'modular-account')).toBe(undefined)
    expect(decodeCallTargets(concat(['0x8dd7712f', execute]), 'light-account')).toBe(undefined)
  })
})
