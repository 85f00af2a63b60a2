import { describe, expect, test } from 'vitest'
import { parsePersonalSignParams } from './parsePersonalSignParams.js'

const address = '0x000000000000000000000000000000000000dead'

describe('parsePersonalSignParams', () => {
  test('default: a hex message is signed as its bytes', () => {
    expect(parsePersonalSignParams(['0x68656c6c6f', address])).toEqual({
      message: { raw: '0x68656c6c6f' },
      address: '0x000000000000000000000000000000000000dEaD',
    })
  })

  test('behavior: any other string is UTF-8 text', () => {
    expect(parsePersonalSignParams(['hello 0x', address]).message).toBe('hello 0x')
  })

  test('error: -32602 for a non-string message, a bad address, one param', () => {
    for (const params of [[1, address], ['hi', 'me'], ['hi']])
      expect(() => parsePersonalSignParams(params)).toThrow(expect.objectContaining({ code: -32602 }))
  })
})
