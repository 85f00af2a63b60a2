import { describe, expect, test } from 'vitest'
import { parseSendCallsParams } from './parseSendCallsParams.js'

const to = '0x000000000000000000000000000000000000dead'
const request = {
  version: '2.0.0',
  chainId: '0x7a69',
  atomicRequired: true,
  calls: [{ to, value: '0x10', data: '0x12' }],
}

describe('parseSendCallsParams', () => {
  test('default: the v2 request as numbers, checksummed addresses and capabilities from the top level and each call', () => {
    expect(
      parseSendCallsParams(
        [
          {
            ...request,
            id: 'order-1',
            from: to,
            capabilities: { paymasterService: { url: 'https://pm.example' } },
            calls: [{ to, value: '0x10', data: '0x12', capabilities: { other: { optional: true } } }],
          },
        ],
        100,
      ),
    ).toEqual({
      id: 'order-1',
      chainId: 31337,
      from: '0x000000000000000000000000000000000000dEaD',
      atomicRequired: true,
      calls: [{ to: '0x000000000000000000000000000000000000dEaD', value: 16n, data: '0x12' }],
      capabilities: [
        { name: 'paymasterService', optional: false, value: { url: 'https://pm.example' } },
        { name: 'other', optional: true, value: { optional: true } },
      ],
    })
  })

  test('behavior: maxCalls calls are taken; id, from, data, value and capabilities may be left out', () => {
    const parsed = parseSendCallsParams([{ ...request, calls: [{ to }, { to }] }], 2)
    expect(parsed).toMatchObject({ id: undefined, from: undefined, capabilities: [] })
    expect(parsed.calls).toHaveLength(2)
  })

  test('error: 5740 over maxCalls; -32602 for a wrong version, a missing atomicRequired, no calls, a call without to, bad hex, a bad id', () => {
    expect(() => parseSendCallsParams([{ ...request, calls: [{ to }, { to }] }], 1)).toThrow(
      expect.objectContaining({ code: 5740 }),
    )
    const invalid = [
      [],
      [null],
      [{ ...request, version: '1.0' }],
      [{ ...request, atomicRequired: undefined }],
      [{ ...request, calls: [] }],
      [{ ...request, calls: [{ data: '0x' }] }],
      [{ ...request, calls: [{ to, value: 5 }] }],
      [{ ...request, calls: [{ to, data: '0x1' }] }],
      [{ ...request, chainId: 31337 }],
      [{ ...request, id: '' }],
      [{ ...request, id: 'x'.repeat(4097) }],
      [{ ...request, capabilities: { paymasterService: true } }],
      [{ ...request, from: '0x12' }],
    ]
    for (const params of invalid)
      expect(() => parseSendCallsParams(params, 100), JSON.stringify(params)).toThrow(
        expect.objectContaining({ code: -32602 }),
      )
  })
})
