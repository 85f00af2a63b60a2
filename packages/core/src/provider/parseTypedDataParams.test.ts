import { describe, expect, test } from 'vitest'
import { parseTypedDataParams } from './parseTypedDataParams.js'

const address = '0x000000000000000000000000000000000000dead'
const typedData = {
  types: {
    EIP712Domain: [{ name: 'name', type: 'string' }],
    Mail: [{ name: 'contents', type: 'string' }],
  },
  primaryType: 'Mail',
  domain: { name: 'Demo' },
  message: { contents: 'hi' },
}

describe('parseTypedDataParams', () => {
  test('default: a JSON string, without the EIP712Domain type', () => {
    expect(parseTypedDataParams([address, JSON.stringify(typedData)])).toEqual({
      address: '0x000000000000000000000000000000000000dEaD',
      typedData: {
        types: { Mail: [{ name: 'contents', type: 'string' }] },
        primaryType: 'Mail',
        domain: { name: 'Demo' },
        message: { contents: 'hi' },
      },
    })
  })

  test('behavior: an object is taken as it is; a missing domain is {}', () => {
    const { domain: _, ...withoutDomain } = typedData
    expect(parseTypedDataParams([address, withoutDomain]).typedData.domain).toEqual({})
  })

  test('error: -32602 for bad JSON, no types, no primaryType, no message, a bad address, too few params', () => {
    for (const params of [
      [address, '{'],
      [address, { ...typedData, types: undefined }],
      [address, { ...typedData, primaryType: 1 }],
      [address, { ...typedData, message: 'x' }],
      ['0x12', typedData],
      [address],
    ])
      expect(() => parseTypedDataParams(params)).toThrow(expect.objectContaining({ code: -32602 }))
  })
})
