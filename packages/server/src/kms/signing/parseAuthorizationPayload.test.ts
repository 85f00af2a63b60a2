import { describe, expect, test } from 'vitest'
import { InvalidPayloadEncodingError } from './InvalidPayloadEncodingError.js'
import { parseAuthorizationPayload } from './parseAuthorizationPayload.js'

const contract = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'

describe('parseAuthorizationPayload', () => {
  test('default', () => {
    // What @turnkey/viem signAuthorization sends: JSON.stringify({ address, chainId, nonce }).
    expect(parseAuthorizationPayload(JSON.stringify({ address: contract, chainId: 1, nonce: 0 }))).toEqual({
      address: contract,
      chainId: 1,
      nonce: 0,
    })
  })

  test('behavior: chainId and nonce as decimal or 0x strings', () => {
    expect(
      parseAuthorizationPayload(JSON.stringify({ address: contract, chainId: '8453', nonce: '0x1f' })),
    ).toEqual({
      address: contract,
      chainId: 8453,
      nonce: 31,
    })
  })

  test('behavior: chainId 0 authorizes on every chain', () => {
    expect(
      parseAuthorizationPayload(JSON.stringify({ address: contract, chainId: 0, nonce: 7 })).chainId,
    ).toBe(0)
  })

  test("behavior: viem's contractAddress stands for address; lowercase addresses pass", () => {
    const lower = contract.toLowerCase()
    expect(
      parseAuthorizationPayload(JSON.stringify({ contractAddress: lower, chainId: 1, nonce: 1 })).address,
    ).toBe(lower)
  })

  test.each([
    ['not JSON', '{address:'],
    ['not an object', '[1,2]'],
    ['null', 'null'],
    ['missing address', JSON.stringify({ chainId: 1, nonce: 0 })],
    ['short address', JSON.stringify({ address: '0x1234', chainId: 1, nonce: 0 })],
    ['bad checksum', JSON.stringify({ address: contract.replace('De', 'dE'), chainId: 1, nonce: 0 })],
    [
      'address and contractAddress differ',
      JSON.stringify({ address: contract, contractAddress: `0x${'1'.repeat(40)}`, chainId: 1, nonce: 0 }),
    ],
    ['missing chainId', JSON.stringify({ address: contract, nonce: 0 })],
    ['missing nonce', JSON.stringify({ address: contract, chainId: 1 })],
    ['negative nonce', JSON.stringify({ address: contract, chainId: 1, nonce: -1 })],
    ['fractional nonce', JSON.stringify({ address: contract, chainId: 1, nonce: 1.5 })],
    ['nonce past 2^53', JSON.stringify({ address: contract, chainId: 1, nonce: '9007199254740993' })],
    ['nonce with leading zero', JSON.stringify({ address: contract, chainId: 1, nonce: '01' })],
    ['boolean chainId', JSON.stringify({ address: contract, chainId: true, nonce: 0 })],
  ])('error: %s', (_, payload) => {
    expect(() => parseAuthorizationPayload(payload)).toThrow(InvalidPayloadEncodingError)
    expect(() => parseAuthorizationPayload(payload)).toThrow('invalid payload encoding')
  })
})
