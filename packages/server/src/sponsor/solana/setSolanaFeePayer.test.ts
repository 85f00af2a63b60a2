import { getCompiledTransactionMessageEncoder } from '@solana/kit'
import { describe, expect, test } from 'vitest'
import { decodeSolanaTransaction } from './decodeSolanaTransaction.js'
import { setSolanaFeePayer } from './setSolanaFeePayer.js'
import { buildSolanaTransaction, testAddress, transferSol } from './test/buildSolanaTransaction.js'

const feePayer = testAddress(1)
const user = testAddress(2)
const recipient = testAddress(3)
const memoProgram = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'

describe('setSolanaFeePayer', () => {
  test.each([0, 'legacy'] as const)(
    'default: a %s message paid by the user is rewritten to the bytes kit compiles with the fee payer as payer',
    (version) => {
      const instructions = [transferSol(user, recipient, 5n)]
      const sent = buildSolanaTransaction({ payer: user, instructions, version })
      const expected = buildSolanaTransaction({ payer: feePayer, instructions, version })
      const result = setSolanaFeePayer(decodeSolanaTransaction(sent.base64), feePayer)
      expect(result.rewritten).toBe(true)
      expect(result.messageBytes).toEqual(new Uint8Array(expected.transaction.messageBytes))
      expect(result.message.staticAccounts.slice(0, 2)).toEqual([feePayer, user])
      expect(result.message.header).toEqual({
        numSignerAccounts: 2,
        numReadonlySignerAccounts: 0,
        numReadonlyNonSignerAccounts: 1,
      })
      expect(result.signatures).toEqual([null, null])
    },
  )

  test('behavior: every instruction index moves by one, readonly signers and data stay', () => {
    const instructions = [
      transferSol(user, recipient, 1n),
      { programAddress: memoProgram, accounts: [], data: new Uint8Array([104, 105]) },
    ] as never[]
    const sent = decodeSolanaTransaction(buildSolanaTransaction({ payer: user, instructions }).base64)
    const { message, messageBytes } = setSolanaFeePayer(sent, feePayer)
    expect(message.instructions).toEqual(
      sent.message.instructions.map((each) => ({
        ...each,
        programAddressIndex: each.programAddressIndex + 1,
        ...(each.accountIndices ? { accountIndices: each.accountIndices.map((index) => index + 1) } : {}),
      })),
    )
    expect(new Uint8Array(getCompiledTransactionMessageEncoder().encode(message))).toEqual(messageBytes)
  })

  test('behavior: a message with the fee payer already first is kept, with the signatures it carries', () => {
    const sent = decodeSolanaTransaction(
      buildSolanaTransaction({ payer: feePayer, instructions: [transferSol(user, recipient, 5n)] }).base64,
    )
    const userSignature = new Uint8Array(64).fill(7)
    const signed = { ...sent, signatures: [new Uint8Array(64).fill(9), userSignature] }
    const result = setSolanaFeePayer(signed, feePayer)
    expect(result.rewritten).toBe(false)
    expect(result.messageBytes).toBe(sent.messageBytes)
    // The fee payer's slot is emptied (the server signs it); the user's signature stays.
    expect(result.signatures).toEqual([null, userSignature])
  })

  test('error: a message that would outgrow a packet with the fee payer added', () => {
    const data = new Uint8Array(1232 - 64 - 200)
    const sent = decodeSolanaTransaction(
      buildSolanaTransaction({
        payer: user,
        instructions: [{ programAddress: memoProgram, accounts: [], data }] as never[],
      }).base64,
    )
    expect(() => setSolanaFeePayer(sent, feePayer)).toThrow(
      /would weigh \d+ bytes with the fee payer added, more than the 1232 allowed/,
    )
  })
})
