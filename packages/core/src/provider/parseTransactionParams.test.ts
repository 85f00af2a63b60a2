import { describe, expect, test } from 'vitest'
import { parseTransactionParams } from './parseTransactionParams.js'

const to = '0x000000000000000000000000000000000000dead'

describe('parseTransactionParams', () => {
  test('default: hex quantities as bigints, chainId as a number, input as data', () => {
    expect(
      parseTransactionParams([
        { from: to, to, input: '0xabcd', value: '0x10', gas: '0x5208', chainId: '0x1' },
      ]),
    ).toEqual({
      from: '0x000000000000000000000000000000000000dEaD',
      to: '0x000000000000000000000000000000000000dEaD',
      data: '0xabcd',
      value: 16n,
      gas: 21000n,
      chainId: 1,
    })
  })

  test('behavior: only `to` is needed', () => {
    expect(parseTransactionParams([{ to }])).toMatchObject({
      from: undefined,
      data: undefined,
      value: undefined,
    })
  })

  test('error: -32602 without to, with a decimal value, odd hex data, a zero chainId, no object', () => {
    for (const params of [
      [{}],
      [{ to, value: '10' }],
      [{ to, data: '0xabc' }],
      [{ to, chainId: '0x0' }],
      ['x'],
      [],
    ])
      expect(() => parseTransactionParams(params)).toThrow(expect.objectContaining({ code: -32602 }))
  })
})
