import { hashTypedData, type TypedDataDefinition } from 'viem'
import { describe, expect, test } from 'vitest'
import { InvalidPayloadEncodingError } from './InvalidPayloadEncodingError.js'
import { parseTypedDataPayload } from './parseTypedDataPayload.js'
import { mail, mailDigest, order, permit, toTurnkeyViemTypedDataPayload } from './typedData.vectors.js'

/** JSON as a hand-written client might send it: bigints as strings, no `EIP712Domain` type. */
const bigintsAsStrings = (typedData: object) =>
  JSON.stringify(typedData, (_, value) => (typeof value === 'bigint' ? value.toString() : value))

describe('parseTypedDataPayload', () => {
  test('default', () => {
    expect(hashTypedData(parseTypedDataPayload(toTurnkeyViemTypedDataPayload(mail)))).toBe(mailDigest)
  })

  test.each([
    ['permit', permit],
    ['order', order],
  ] as const)('behavior: %s from @turnkey/viem hashes as the original', (_, typedData) => {
    const payload = toTurnkeyViemTypedDataPayload(typedData as TypedDataDefinition)
    expect(payload).not.toMatch(/:\s*\d{17,}/) // bigints went over the wire as decimal strings
    expect(hashTypedData(parseTypedDataPayload(payload))).toBe(
      hashTypedData(typedData as TypedDataDefinition),
    )
  })

  test.each([
    ['mail', mail],
    ['permit', permit],
    ['order', order],
  ] as const)('behavior: %s without an EIP712Domain type and with string integers', (_, typedData) => {
    const payload = bigintsAsStrings({
      ...typedData,
      domain: { ...typedData.domain, chainId: String(typedData.domain.chainId) },
    })
    expect(JSON.parse(payload).types.EIP712Domain).toBeUndefined()
    expect(hashTypedData(parseTypedDataPayload(payload))).toBe(
      hashTypedData(typedData as TypedDataDefinition),
    )
  })

  test('behavior: integers as 0x strings, negative 0x strings and exact JSON numbers', () => {
    const payload = JSON.stringify({
      ...order,
      domain: { ...order.domain, chainId: 31337 },
      message: {
        ...order.message,
        legs: [
          { delta: `-0x${(2n ** 200n).toString(16)}`, weights: ['0x1', '0xffff'] },
          { delta: '12345678901234567890', weights: [0, '7'] },
        ],
        amounts: [0, `0x${(2n ** 127n).toString(16)}`],
      },
    })
    expect(hashTypedData(parseTypedDataPayload(payload))).toBe(hashTypedData(order as TypedDataDefinition))
  })

  test('behavior: primaryType EIP712Domain hashes the domain alone', () => {
    const payload = toTurnkeyViemTypedDataPayload({
      ...mail,
      primaryType: 'EIP712Domain',
    } as TypedDataDefinition)
    const typedData = parseTypedDataPayload(payload)
    expect(typedData.message).toBeUndefined()
    expect(hashTypedData(typedData)).toBe(
      hashTypedData({ ...mail, primaryType: 'EIP712Domain' } as unknown as TypedDataDefinition),
    )
  })

  test.each([
    ['not JSON', 'not json'],
    ['not an object', '"typed data"'],
    ['no types', JSON.stringify({ primaryType: 'Mail', domain: {}, message: {} })],
    ['types not lists of fields', JSON.stringify({ ...mail, types: { Mail: [{ name: 1 }] } })],
    ['unknown primaryType', JSON.stringify({ ...mail, primaryType: 'Letter' })],
    ['domain not an object', JSON.stringify({ ...mail, domain: 'x' })],
    ['message missing', JSON.stringify({ ...mail, message: undefined })],
    ['struct field not an object', JSON.stringify({ ...mail, message: { ...mail.message, from: 'Cow' } })],
    ['array field not an array', bigintsAsStrings({ ...order, message: { ...order.message, amounts: '1' } })],
    [
      'integer field not an integer',
      bigintsAsStrings({ ...permit, message: { ...permit.message, value: '1.5' } }),
    ],
    [
      'integer past 2^53 as a JSON number',
      bigintsAsStrings({ ...permit, message: { ...permit.message, value: 2 ** 60 } }),
    ],
  ])('error: %s', (_, payload) => {
    expect(() => parseTypedDataPayload(payload)).toThrow(InvalidPayloadEncodingError)
  })

  test('error: nesting deeper than 32 levels', () => {
    const types = { Node: [{ name: 'next', type: 'Node[]' }] }
    let message: object = { next: [] }
    for (let level = 0; level < 40; level++) message = { next: [message] }
    const payload = JSON.stringify({ types, primaryType: 'Node', domain: {}, message })
    expect(() => parseTypedDataPayload(payload)).toThrow(/nested more than 32 levels/)
  })
})
