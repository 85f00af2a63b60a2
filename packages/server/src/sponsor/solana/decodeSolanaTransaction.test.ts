import { getBase64Decoder, getBase64Encoder } from '@solana/kit'
import { describe, expect, test } from 'vitest'
import { decodeSolanaTransaction } from './decodeSolanaTransaction.js'
import {
  buildSolanaTransaction,
  testAddress,
  testBlockhash,
  transferSol,
} from './test/buildSolanaTransaction.js'

const user = testAddress(2)
const recipient = testAddress(3)
const wire = (base64: string) => new Uint8Array(getBase64Encoder().encode(base64))
const base64Of = (bytes: Uint8Array) => getBase64Decoder().decode(bytes)

describe('decodeSolanaTransaction', () => {
  test.each([0, 'legacy'] as const)('default: a kit-built %s transfer', (version) => {
    const { transaction, base64 } = buildSolanaTransaction({
      payer: user,
      instructions: [transferSol(user, recipient, 5n)],
      version,
    })
    const decoded = decodeSolanaTransaction(base64)
    expect(decoded.messageBytes).toEqual(new Uint8Array(transaction.messageBytes))
    expect(decoded.message).toMatchObject({
      version,
      lifetimeToken: testBlockhash,
      staticAccounts: [user, recipient, '11111111111111111111111111111111'],
    })
    expect(decoded.signatures).toEqual([null])
  })

  test('behavior: present signatures are kept in signer order', () => {
    const { base64 } = buildSolanaTransaction({
      payer: user,
      instructions: [transferSol(user, recipient, 5n)],
    })
    const bytes = wire(base64)
    bytes.set(new Uint8Array(64).fill(4), 1)
    expect(decodeSolanaTransaction(base64Of(bytes)).signatures).toEqual([new Uint8Array(64).fill(4)])
  })

  test('error: garbage, truncation, trailing bytes and oversize are INVALID_PARAMS', () => {
    const { base64 } = buildSolanaTransaction({
      payer: user,
      instructions: [transferSol(user, recipient, 5n)],
    })
    const bytes = wire(base64)
    const refusal = (value: string) => {
      try {
        decodeSolanaTransaction(value)
      } catch (error) {
        return { code: (error as { code: number }).code, message: (error as Error).message }
      }
      throw new Error('decoded')
    }
    expect(refusal('not base64!')).toEqual({
      code: -32602,
      message: 'serializedTransaction is not a Solana wire transaction: not base64',
    })
    expect(refusal(base64Of(bytes.subarray(0, 80))).code).toBe(-32602)
    expect(refusal(base64Of(new Uint8Array([...bytes, 1, 2, 3]))).message).toMatch(
      /not a Solana wire transaction/,
    )
    expect(refusal(base64Of(new Uint8Array(1300))).message).toContain('1300 bytes, more than the 1232')
    expect(refusal('AAAA').code).toBe(-32602)
  })
})
