import { AccountRole } from '@solana/kit'
import { describe, expect, test } from 'vitest'
import { assertFeePayerOnlyPaysFees } from './assertFeePayerOnlyPaysFees.js'
import { decodeSolanaTransaction } from './decodeSolanaTransaction.js'
import { setSolanaFeePayer } from './setSolanaFeePayer.js'
import { buildSolanaTransaction, testAddress, transferSol } from './test/buildSolanaTransaction.js'

const feePayer = testAddress(1)
const user = testAddress(2)
const recipient = testAddress(3)
const drain = `The transaction uses the fee payer ${feePayer} in an instruction: the fee payer only pays fees`

const final = (payer: string, instructions: never[]) =>
  setSolanaFeePayer(decodeSolanaTransaction(buildSolanaTransaction({ payer, instructions }).base64), feePayer)
    .message

describe('assertFeePayerOnlyPaysFees', () => {
  test('default: a user transfer, with the payer rewritten or the fee payer already first', () => {
    const instructions = [transferSol(user, recipient, 5n)] as never[]
    expect(() => assertFeePayerOnlyPaysFees(final(user, instructions), feePayer)).not.toThrow()
    expect(() => assertFeePayerOnlyPaysFees(final(feePayer, instructions), feePayer)).not.toThrow()
  })

  test('error: a transfer from the fee payer (the drain), to it, or the fee payer as the program', () => {
    for (const [payer, instruction] of [
      [feePayer, transferSol(feePayer, recipient, 5n)],
      [user, transferSol(feePayer, recipient, 5n)],
      [user, transferSol(user, feePayer, 5n)],
      [feePayer, transferSol(user, feePayer, 5n)],
      [user, { programAddress: feePayer, accounts: [], data: new Uint8Array() }],
      [
        feePayer,
        { programAddress: recipient, accounts: [{ address: feePayer, role: AccountRole.READONLY }] },
      ],
    ] as const)
      expect(() => assertFeePayerOnlyPaysFees(final(payer, [instruction as never]), feePayer)).toThrow(drain)
  })

  test('error: address lookup tables are refused (they could hide the fee payer)', () => {
    const message = final(user, [transferSol(user, recipient, 5n)] as never[])
    const withLookup = {
      ...message,
      version: 0 as const,
      addressTableLookups: [{ lookupTableAddress: recipient, readonlyIndexes: [0], writableIndexes: [] }],
    }
    expect(() => assertFeePayerOnlyPaysFees(withLookup, feePayer)).toThrow(
      'The transaction loads accounts from address lookup tables, which the fee payer cannot check',
    )
  })
})
